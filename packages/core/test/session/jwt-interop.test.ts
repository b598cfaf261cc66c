import { decode as authDecode, encode as authEncode } from "@auth/core/jwt"
import { describe, expect, it } from "vitest"
import { MissingSecretError } from "../../src/errors.js"
import { decode, encode, type JWT } from "../../src/jwt.js"

const SECRET = "interop-secret-0123456789abcdef0123456789abcdef"
const OLD_SECRET = "interop-old-secret-fedcba9876543210fedcba98765"
const SALTS = ["authjs.session-token", "__Secure-authjs.session-token"] as const

const claims: JWT = { name: "Ada Lovelace", email: "ada@example.com", picture: "https://example.com/a.png", sub: "user-1" }

describe.each(SALTS)("interop with @auth/core/jwt, salt %s", (salt) => {
  it("a token @auth/core encodes, Gatehouse decodes", async () => {
    const token = await authEncode({ token: claims, secret: SECRET, salt })
    const decoded = await decode({ token, secret: SECRET, salt })
    expect(decoded).toMatchObject(claims)
    expect(decoded).toHaveProperty("jti")
  })

  it("a token Gatehouse encodes, @auth/core decodes", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt })
    const decoded = await authDecode({ token, secret: SECRET, salt })
    expect(decoded).toMatchObject(claims)
    expect(decoded!.exp! - decoded!.iat!).toBe(30 * 24 * 60 * 60)
  })

  it("both write the same protected header for the same secret and salt", async () => {
    const ours = await encode({ token: claims, secret: SECRET, salt })
    const theirs = await authEncode({ token: claims, secret: SECRET, salt })
    expect(ours.split(".")[0]).toBe(theirs.split(".")[0])
  })

  it("rotation: an @auth/core token from the old secret decodes with [new, old]", async () => {
    const token = await authEncode({ token: claims, secret: OLD_SECRET, salt })
    expect(await decode({ token, secret: [SECRET, OLD_SECRET], salt })).toMatchObject(claims)
  })

  it("rotation: a Gatehouse token from [new, old] is written with new and decodes in @auth/core with [new, old] and [new]", async () => {
    const token = await encode({ token: claims, secret: [SECRET, OLD_SECRET], salt })
    expect(await authDecode({ token, secret: [SECRET, OLD_SECRET], salt })).toMatchObject(claims)
    expect(await authDecode({ token, secret: SECRET, salt })).toMatchObject(claims)
    await expect(authDecode({ token, secret: OLD_SECRET, salt })).rejects.toThrow()
  })

  it("rotation: a Gatehouse token from the old secret decodes in @auth/core with [new, old]", async () => {
    const token = await encode({ token: claims, secret: OLD_SECRET, salt })
    expect(await authDecode({ token, secret: [SECRET, OLD_SECRET], salt })).toMatchObject(claims)
  })

  it("a large payload (~12 KB) round-trips both ways", async () => {
    const large: JWT = { ...claims, blob: "x".repeat(6_000), list: Array.from({ length: 400 }, (_, i) => `item-${i}`) }
    const ours = await encode({ token: large, secret: SECRET, salt })
    expect(ours.length).toBeGreaterThan(12_000)
    expect(await authDecode({ token: ours, secret: SECRET, salt })).toMatchObject(large)
    const theirs = await authEncode({ token: large, secret: SECRET, salt })
    expect(await decode({ token: theirs, secret: SECRET, salt })).toMatchObject(large)
  })
})

describe("public encode/decode semantics", () => {
  const salt = SALTS[0]

  it("decode of an empty or missing token is null", async () => {
    expect(await decode({ token: "", secret: SECRET, salt })).toBeNull()
    expect(await decode({ secret: SECRET, salt })).toBeNull()
  })

  it("decode throws what Auth.js throws, naming the reason (side by side: test/config/authjs-compat.test.ts)", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt })
    await expect(decode({ token: "not-a-token", secret: SECRET, salt })).rejects.toMatchObject({ name: "JWEInvalid", code: "ERR_JWE_INVALID" })
    await expect(decode({ token, secret: OLD_SECRET, salt })).rejects.toThrow(/no matching decryption secret/)
    await expect(decode({ token, secret: SECRET, salt: "other" })).rejects.toThrow(/no matching decryption secret/)
    const expired = await encode({ token: claims, secret: SECRET, salt, maxAge: -60 })
    await expect(decode({ token: expired, secret: SECRET, salt })).rejects.toThrow(/"exp" claim timestamp check failed/)
    await expect(authDecode({ token: expired, secret: SECRET, salt })).rejects.toThrow(/"exp" claim timestamp check failed/)
  })

  it("encode sets iat/exp/jti over any given, with the given maxAge", async () => {
    const token = await encode({ token: { ...claims, iat: 1, exp: 2, jti: "mine" }, secret: SECRET, salt, maxAge: 90 })
    const decoded = await authDecode({ token, secret: SECRET, salt })
    expect(decoded!.jti).not.toBe("mine")
    expect(decoded!.exp! - decoded!.iat!).toBe(90)
    expect(Math.abs(decoded!.iat! - Date.now() / 1000)).toBeLessThan(2)
  })

  it("encode without a token writes the claims iat, exp and jti only", async () => {
    const token = await encode({ secret: SECRET, salt })
    expect(Object.keys((await decode({ token, secret: SECRET, salt }))!).sort()).toEqual(["exp", "iat", "jti"])
  })

  it("an empty secret is a MissingSecretError, not a key derived from nothing", async () => {
    await expect(encode({ token: claims, secret: "", salt })).rejects.toThrow(MissingSecretError)
    await expect(encode({ token: claims, secret: [], salt })).rejects.toThrow(MissingSecretError)
    await expect(decode({ token: "x", secret: [], salt })).rejects.toThrow(MissingSecretError)
  })
})
