import { createCipheriv, createHmac, randomBytes } from "node:crypto"
import * as fc from "fast-check"
import * as jose from "jose"
import { afterEach, describe, expect, it, vi } from "vitest"
import { sessionCodec } from "../../src/session/codec.js"
import { derivedKey, deriveKeyWebCrypto, type ContentEncryption, type DerivedKey } from "../../src/session/keys.js"

const SALT = "authjs.session-token"
const SECRET = "jwe-test-secret-0123456789abcdef0123456789abcdef"
const OLD_SECRET = "jwe-test-old-secret-fedcba9876543210fedcba987654"

async function keyFor(secret: string, salt = SALT, enc: ContentEncryption = "A256CBC-HS512"): Promise<DerivedKey> {
  return derivedKey(secret, salt, enc)
}

function b64(value: string | Uint8Array): string {
  return Buffer.from(value).toString("base64url")
}

/**
 * An independent A256CBC-HS512 sealer (RFC 7518 §5.2.2.1) that writes any protected header, so a test can craft a
 * token whose tag is valid and see it refused for its header alone.
 */
function seal(header: Record<string, unknown>, claims: Record<string, unknown>, key: Uint8Array): string {
  const protectedHeader = b64(JSON.stringify(header))
  const iv = randomBytes(16)
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32), iv)
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(claims)), cipher.final()])
  const al = Buffer.alloc(8)
  al.writeBigUInt64BE(BigInt(protectedHeader.length * 8))
  const tag = createHmac("sha512", key.subarray(0, 32))
    .update(protectedHeader)
    .update(iv)
    .update(ciphertext)
    .update(al)
    .digest()
    .subarray(0, 32)
  return [protectedHeader, "", b64(iv), b64(ciphertext), b64(tag)].join(".")
}

function flipByte(token: string, segment: number, index: number): string {
  const parts = token.split(".")
  const bytes = Buffer.from(parts[segment]!, "base64url")
  bytes[index < 0 ? bytes.length + index : index]! ^= 0x01
  parts[segment] = b64(bytes)
  return parts.join(".")
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

afterEach(() => {
  vi.useRealTimers()
})

describe("key derivation", () => {
  it("derives the key and kid with node:crypto exactly as Web Crypto (HKDF-SHA256, RFC 7638 thumbprint)", async () => {
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const fast = await keyFor(SECRET, SALT, enc)
      const reference = await deriveKeyWebCrypto(SECRET, SALT, enc)
      expect(Buffer.from(fast.bytes).equals(Buffer.from(reference.bytes))).toBe(true)
      expect(fast.bytes.length).toBe(enc === "A256GCM" ? 32 : 64)
      expect(fast.kid).toBe(reference.kid)
      expect(fast.header).toBe(reference.header)
    }
  })

  it("computes the kid as jose.calculateJwkThumbprint with SHA-512 (SHA-256 for the 32-byte key)", async () => {
    const cbc = await keyFor(SECRET)
    const gcm = await keyFor(SECRET, SALT, "A256GCM")
    expect(cbc.kid).toBe(await jose.calculateJwkThumbprint({ kty: "oct", k: b64(cbc.bytes) }, "sha512"))
    expect(gcm.kid).toBe(await jose.calculateJwkThumbprint({ kty: "oct", k: b64(gcm.bytes) }, "sha256"))
    expect(cbc.kid).toHaveLength(86)
  })

  it("caches derived keys and codecs, so a request derives nothing", async () => {
    expect(derivedKey(SECRET, SALT, "A256CBC-HS512")).toBe(derivedKey(SECRET, SALT, "A256CBC-HS512"))
    const secrets = [SECRET]
    expect(sessionCodec(secrets, SALT)).toBe(sessionCodec(secrets, SALT))
    expect(sessionCodec([SECRET], SALT)).toBe(sessionCodec([SECRET], SALT))
    expect(sessionCodec([SECRET], SALT)).not.toBe(sessionCodec([SECRET], "other"))
  })

  it("never confuses (salt, secret) pairs whose concatenations are equal", async () => {
    const a = await keyFor("b-secret", "salt-a")
    const b = await keyFor("a-b-secret", "salt")
    expect(a.kid).not.toBe(b.kid)
  })

  it("a mutated secrets array gets the codec of its new contents", async () => {
    const secrets = [OLD_SECRET]
    const old = await sessionCodec(secrets, SALT).encode({ sub: "1" }, 60)
    secrets[0] = SECRET
    expect(await sessionCodec(secrets, SALT).decode(old)).toBeNull()
  })
})

describe("A256CBC-HS512 codec", () => {
  it("round-trips claims and adds iat, exp = iat + maxAge and a UUID jti, overwriting given ones", async () => {
    const codec = sessionCodec([SECRET], SALT)
    const token = await codec.encode({ sub: "user-1", name: "Ada", iat: 1, exp: 2, jti: "x" }, 3600)
    const claims = await codec.decode(token)
    expect(claims).toMatchObject({ sub: "user-1", name: "Ada" })
    expect(claims!.iat).toBe(nowSeconds())
    expect(claims!.exp).toBe((claims!.iat as number) + 3600)
    expect(claims!.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it("writes the exact Auth.js protected header and an empty encrypted-key segment", async () => {
    const key = await keyFor(SECRET)
    const token = await sessionCodec([SECRET], SALT).encode({}, 60)
    const parts = token.split(".")
    expect(parts).toHaveLength(5)
    expect(parts[1]).toBe("")
    expect(Buffer.from(parts[0]!, "base64url").toString()).toBe(
      `{"alg":"dir","enc":"A256CBC-HS512","kid":"${key.kid}"}`,
    )
    expect(Buffer.from(parts[2]!, "base64url")).toHaveLength(16)
    expect(Buffer.from(parts[4]!, "base64url")).toHaveLength(32)
  })

  it("what we encrypt, jose.compactDecrypt decrypts with the derived key", async () => {
    const key = await keyFor(SECRET)
    const token = await sessionCodec([SECRET], SALT).encode({ sub: "42", unicode: "ü€😀" }, 60)
    const { plaintext, protectedHeader } = await jose.compactDecrypt(token, key.bytes)
    expect(protectedHeader).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid })
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toMatchObject({ sub: "42", unicode: "ü€😀" })
  })

  it("what jose.EncryptJWT encrypts, we decrypt", async () => {
    const key = await keyFor(SECRET)
    const token = await new jose.EncryptJWT({ sub: "7", roles: ["a", "b"] })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(key.bytes)
    expect(await sessionCodec([SECRET], SALT).decode(token)).toMatchObject({ sub: "7", roles: ["a", "b"] })
  })

  it("accepts other header members (typ, cty) as jose does, as long as the tag covers them", async () => {
    const key = await keyFor(SECRET)
    const token = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, typ: "JWT" }, { sub: "1" }, key.bytes)
    expect(await sessionCodec([SECRET], SALT).decode(token)).toEqual({ sub: "1" })
  })

  it.each([
    ["header", 0],
    ["IV", 2],
    ["ciphertext", 3],
    ["tag", 4],
  ])("CS-04 one flipped byte in the %s yields null", async (_name, segment) => {
    const codec = sessionCodec([SECRET], SALT)
    const token = await codec.encode({ sub: "1" }, 60)
    const length = Buffer.from(token.split(".")[segment]!, "base64url").length
    for (const index of [0, 1, Math.floor(length / 2), length - 1]) {
      expect(await codec.decode(flipByte(token, segment, index))).toBeNull()
      expect(await codec.verify(flipByte(token, segment, index))).toBeTypeOf("string")
    }
  })

  it("CS-04 a header changed by one member but with the same kid fails authentication (the header is the AAD)", async () => {
    const key = await keyFor(SECRET)
    const codec = sessionCodec([SECRET], SALT)
    const [, , iv, ciphertext, tag] = (await codec.encode({ sub: "1" }, 60)).split(".")
    const header = b64(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, typ: "JWT" }))
    expect(await codec.verify([header, "", iv, ciphertext, tag].join("."))).toBe("decryption failed")
  })

  it("CS-04 a non-canonical base64url spelling of the same bytes is refused", async () => {
    const codec = sessionCodec([SECRET], SALT)
    const parts = (await codec.encode({ sub: "1" }, 60)).split(".")
    // A 16-byte IV is 22 characters; the last one carries 4 unused bits.
    const last = parts[2]!.at(-1)!
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    parts[2] = parts[2]!.slice(0, -1) + alphabet[alphabet.indexOf(last) | 1]
    expect(await codec.decode(parts.join("."))).toBeNull()
  })

  it("CS-04 padding, whitespace and the standard base64 alphabet are refused", async () => {
    const codec = sessionCodec([SECRET], SALT)
    const token = await codec.encode({ sub: "1" }, 60)
    const parts = token.split(".")
    expect(await codec.decode(`${token}=`)).toBeNull()
    expect(await codec.decode(` ${token}`)).toBeNull()
    expect(await codec.decode(`${token}\n`)).toBeNull()
    // The header segment always holds "-" or "_" (the kid is 86 random base64url characters after all).
    expect(await codec.decode(token.replace(/-/g, "+").replace(/_/g, "/"))).toBeNull()
    expect(await codec.decode([...parts, ""].join("."))).toBeNull()
    expect(await codec.decode(parts.slice(0, 4).join("."))).toBeNull()
  })

  describe("CS-05 every other algorithm is refused", () => {
    it("alg A256KW", async () => {
      const key = await keyFor(SECRET)
      const token = await new jose.EncryptJWT({ sub: "1" })
        .setProtectedHeader({ alg: "A256KW", enc: "A256CBC-HS512", kid: key.kid })
        .encrypt(key.bytes.subarray(0, 32))
      expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("malformed") // non-empty encrypted key
    })

    it("alg A256KW sealed like dir (empty encrypted key)", async () => {
      const key = await keyFor(SECRET)
      const token = seal({ alg: "A256KW", enc: "A256CBC-HS512", kid: key.kid }, { sub: "1" }, key.bytes)
      expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("unsupported")
    })

    it("enc A128GCM", async () => {
      const key = await keyFor(SECRET)
      const token = await new jose.EncryptJWT({ sub: "1" })
        .setProtectedHeader({ alg: "dir", enc: "A128GCM", kid: key.kid })
        .encrypt(key.bytes.subarray(0, 16))
      expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("unsupported")
    })

    it("a plain JWS signed with the derived key", async () => {
      const key = await keyFor(SECRET)
      const token = await new jose.SignJWT({ sub: "1" }).setProtectedHeader({ alg: "HS512", kid: key.kid }).sign(key.bytes)
      expect(await sessionCodec([SECRET], SALT).decode(token)).toBeNull()
    })

    it("alg none, as an unsecured JWT and as a five-segment token", async () => {
      const codec = sessionCodec([SECRET], SALT)
      const unsecured = `${b64('{"alg":"none"}')}.${b64('{"sub":"1"}')}.`
      expect(await codec.decode(unsecured)).toBeNull()
      const key = await keyFor(SECRET)
      const token = seal({ alg: "none", enc: "A256CBC-HS512", kid: key.kid }, { sub: "1" }, key.bytes)
      expect(await codec.verify(token)).toBe("unsupported")
    })

    it('a "zip": "DEF" header', async () => {
      const key = await keyFor(SECRET)
      const token = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, zip: "DEF" }, { sub: "1" }, key.bytes)
      expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("unsupported")
    })

    it('a "crit" header', async () => {
      const key = await keyFor(SECRET)
      const token = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, crit: ["exp"], exp: 1 }, { sub: "1" }, key.bytes)
      expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("unsupported")
    })

    it("a header that is not a JSON object, or a kid that is not a string", async () => {
      const key = await keyFor(SECRET)
      const codec = sessionCodec([SECRET], SALT)
      const [, , iv, ciphertext, tag] = (await codec.encode({}, 60)).split(".")
      for (const header of ["[]", "null", '"dir"', "{", "\u00ff"]) {
        expect(await codec.verify([b64(header), "", iv, ciphertext, tag].join("."))).toBe("malformed")
      }
      const numericKid = seal({ alg: "dir", enc: "A256CBC-HS512", kid: 1 }, { sub: "1" }, key.bytes)
      expect(await codec.verify(numericKid)).toBe("malformed")
    })
  })

  it("CS-06 a token encrypted under another salt (the PKCE cookie's) is refused", async () => {
    const pkce = await sessionCodec([SECRET], "authjs.pkce.code_verifier").encode({ value: "verifier" }, 900)
    expect(await sessionCodec([SECRET], SALT).verify(pkce)).toBe("no matching decryption secret")
    const secure = await sessionCodec([SECRET], "__Secure-authjs.session-token").encode({ sub: "1" }, 60)
    expect(await sessionCodec([SECRET], SALT).decode(secure)).toBeNull()
  })

  it("refuses claims that are not a JSON object, and non-numeric iat/nbf/exp", async () => {
    const key = await keyFor(SECRET)
    const codec = sessionCodec([SECRET], SALT)
    const header = { alg: "dir", enc: "A256CBC-HS512", kid: key.kid }
    for (const claims of [{ exp: "9999999999" }, { iat: "now" }, { nbf: null }]) {
      expect(await codec.verify(seal(header, claims, key.bytes))).toBe("invalid claims")
    }
    const array = await new jose.CompactEncrypt(new TextEncoder().encode("[1]"))
      .setProtectedHeader(header)
      .encrypt(key.bytes)
    expect(await codec.verify(array)).toBe("invalid claims")
  })

  it("refuses an iss/sub/aud replicated in the header that differs from the claim (RFC 7519 §5.3)", async () => {
    const key = await keyFor(SECRET)
    const codec = sessionCodec([SECRET], SALT)
    const token = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, sub: "admin" }, { sub: "1" }, key.bytes)
    expect(await codec.verify(token)).toBe("invalid claims")
    const same = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, sub: "1" }, { sub: "1" }, key.bytes)
    expect(await codec.decode(same)).toEqual({ sub: "1" })
  })

  it("random garbage never throws and always yields null", async () => {
    const codec = sessionCodec([SECRET], SALT)
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/)
    const jweLike = fc.tuple(segment, fc.constantFrom("", "x"), segment, segment, segment).map((parts) => parts.join("."))
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: "binary" }), jweLike), async (input) => {
        expect(await codec.decode(input)).toBeNull()
        expect(await codec.verify(input)).toBeTypeOf("string")
      }),
      { numRuns: 500 },
    )
    for (const input of [undefined, null, 42, {}, [], ".....", "....", "a..b.c.d"] as unknown[]) {
      expect(await codec.decode(input as string)).toBeNull()
    }
  })

  it("random tampering of a real token never throws and always yields null", async () => {
    const codec = sessionCodec([SECRET], SALT)
    const token = await codec.encode({ sub: "1" }, 60)
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(..."ABCxyz019-_.=+/ "), async (at, char) => {
        fc.pre(token[at] !== char)
        const tampered = token.slice(0, at) + char + token.slice(at + 1)
        expect(await codec.decode(tampered)).toBeNull()
      }),
      { numRuns: 300 },
    )
  })
})

describe("expiry (15 s clock tolerance, as Auth.js)", () => {
  const start = new Date("2030-01-01T00:00:00Z")

  it("a token expired by more than 15 s is refused, by 10 s accepted, by exactly 15 s refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(start)
    const codec = sessionCodec([SECRET], SALT)
    const token = await codec.encode({ sub: "1" }, 60)
    vi.setSystemTime(start.getTime() + 70_000)
    expect(await codec.decode(token)).toMatchObject({ sub: "1" })
    vi.setSystemTime(start.getTime() + 75_000)
    expect(await codec.verify(token)).toBe("expired")
    vi.setSystemTime(start.getTime() + 60_000 + 16_000)
    expect(await codec.decode(token)).toBeNull()
  })

  it("a token not valid before more than 15 s from now is refused, within 15 s accepted", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(start)
    const key = await keyFor(SECRET)
    const codec = sessionCodec([SECRET], SALT)
    const now = nowSeconds()
    const header = { alg: "dir", enc: "A256CBC-HS512", kid: key.kid }
    expect(await codec.verify(seal(header, { nbf: now + 20, exp: now + 60 }, key.bytes))).toBe("not yet valid")
    expect(await codec.decode(seal(header, { nbf: now + 10, exp: now + 60 }, key.bytes))).toMatchObject({ nbf: now + 10 })
  })

  it("a token without exp is accepted, as jose accepts it for Auth.js", async () => {
    const key = await keyFor(SECRET)
    const token = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid }, { sub: "1" }, key.bytes)
    expect(await sessionCodec([SECRET], SALT).decode(token)).toEqual({ sub: "1" })
  })
})

describe("secrets and rotation", () => {
  it("encodes with the first secret", async () => {
    const token = await sessionCodec([SECRET, OLD_SECRET], SALT).encode({ sub: "1" }, 60)
    expect(await sessionCodec([SECRET], SALT).decode(token)).toMatchObject({ sub: "1" })
    expect(await sessionCodec([OLD_SECRET], SALT).decode(token)).toBeNull()
  })

  it("a token from the old secret decodes with [new, old] and not with [new]", async () => {
    const token = await sessionCodec([OLD_SECRET], SALT).encode({ sub: "1" }, 60)
    expect(await sessionCodec([SECRET, OLD_SECRET], SALT).decode(token)).toMatchObject({ sub: "1" })
    expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("no matching decryption secret")
  })

  it("a token without kid decodes with a secret that is not the first (docs/design.md#secret-rotation)", async () => {
    const oldKey = await keyFor(OLD_SECRET)
    const token = await new jose.EncryptJWT({ sub: "no-kid" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setExpirationTime("1h")
      .encrypt(oldKey.bytes)
    expect(await sessionCodec([SECRET, OLD_SECRET], SALT).decode(token)).toMatchObject({ sub: "no-kid" })
    expect(await sessionCodec([SECRET], SALT).verify(token)).toBe("decryption failed")
  })
})

describe("A256GCM (decode only)", () => {
  it("decodes an A256GCM token with kid, and without kid from a later secret", async () => {
    const key = await keyFor(SECRET, SALT, "A256GCM")
    const withKid = await new jose.EncryptJWT({ sub: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: key.kid })
      .setExpirationTime("1h")
      .encrypt(key.bytes)
    expect(await sessionCodec([SECRET], SALT).decode(withKid)).toMatchObject({ sub: "gcm" })

    const oldKey = await keyFor(OLD_SECRET, SALT, "A256GCM")
    const withoutKid = await new jose.EncryptJWT({ sub: "old-gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .encrypt(oldKey.bytes)
    expect(await sessionCodec([SECRET, OLD_SECRET], SALT).decode(withoutKid)).toMatchObject({ sub: "old-gcm" })
  })

  it("CS-04 refuses a tampered or truncated-tag A256GCM token", async () => {
    const key = await keyFor(SECRET, SALT, "A256GCM")
    const codec = sessionCodec([SECRET], SALT)
    const token = await new jose.EncryptJWT({ sub: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: key.kid })
      .encrypt(key.bytes)
    for (const segment of [0, 2, 3, 4]) expect(await codec.decode(flipByte(token, segment, 0))).toBeNull()
    const parts = token.split(".")
    parts[4] = b64(Buffer.from(parts[4]!, "base64url").subarray(0, 12))
    expect(await codec.decode(parts.join("."))).toBeNull()
  })
})

describe("without node:crypto (edge runtimes): Web Crypto keys and jose", () => {
  async function edgeModules(): Promise<{
    codec: typeof import("../../src/session/codec.js")
    jwe: typeof import("../../src/session/jwe.js")
  }> {
    vi.resetModules()
    vi.doMock("../../src/runtime/node-crypto.js", () => ({ nodeCrypto: undefined }))
    try {
      return { codec: await import("../../src/session/codec.js"), jwe: await import("../../src/session/jwe.js") }
    } finally {
      vi.doUnmock("../../src/runtime/node-crypto.js")
    }
  }

  it("reads what the node:crypto codec writes and the reverse, and refuses what it refuses", async () => {
    const { codec: edge, jwe } = await edgeModules()
    expect(jwe.syncCrypto).toBe(false)
    const edgeCodecs = edge.sessionCodec([SECRET, OLD_SECRET], SALT)
    const nodeCodec = sessionCodec([SECRET, OLD_SECRET], SALT)

    const fromNode = await nodeCodec.encode({ sub: "n" }, 60)
    const fromEdge = await edgeCodecs.encode({ sub: "e" }, 60)
    expect(fromEdge.split(".")[0]).toBe(fromNode.split(".")[0])
    expect(await edgeCodecs.decode(fromNode)).toMatchObject({ sub: "n" })
    expect(await nodeCodec.decode(fromEdge)).toMatchObject({ sub: "e" })

    const old = await sessionCodec([OLD_SECRET], SALT).encode({ sub: "old" }, 60)
    expect(await edgeCodecs.decode(old)).toMatchObject({ sub: "old" })
    expect(await edge.sessionCodec([SECRET], SALT).verify(old)).toBe("no matching decryption secret")
    expect(await edgeCodecs.decode(flipByte(fromNode, 4, 0))).toBeNull()
    expect(await edgeCodecs.decode("garbage")).toBeNull()

    const key = await keyFor(SECRET)
    const zip = seal({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid, zip: "DEF" }, { sub: "1" }, key.bytes)
    expect(await edgeCodecs.verify(zip)).toBe("unsupported")

    const gcmKey = await keyFor(SECRET, SALT, "A256GCM")
    const gcm = await new jose.EncryptJWT({ sub: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: gcmKey.kid })
      .encrypt(gcmKey.bytes)
    expect(await edgeCodecs.decode(gcm)).toMatchObject({ sub: "gcm" })
  })
})
