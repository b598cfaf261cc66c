/**
 * A software authenticator for tests: real ES256 keys (node:crypto), real authenticator data, client data and
 * "none" attestation objects (CBOR), so that `@simplewebauthn/server` verifies them exactly as it verifies a
 * browser's. Every field a relying party must check can be bent on purpose (origin, RP ID, flags, counter, challenge,
 * type) to write the security catalog's EC-15 … EC-17 cases.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto"

export interface Credential {
  id: Uint8Array
  privateKey: KeyObject
  counter: number
  userHandle?: string
}

/** Flags of the authenticator data (WebAuthn §6.1). */
export const UP = 0x01
export const UV = 0x04
const AT = 0x40

export interface Bend {
  origin?: string
  rpId?: string
  flags?: number
  /** The signature counter to put in the assertion; default: the credential's counter + 1 (and it is stored). */
  counter?: number
  challenge?: string
  type?: string
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest()

/** A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n])
    if (n < 256) return Buffer.from([(major << 5) | 24, n])
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
    const b = Buffer.alloc(5)
    b[0] = (major << 5) | 26
    b.writeUInt32BE(n, 1)
    return b
  }
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8")
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  if (value instanceof Map) {
    const parts = [head(5, value.size)]
    for (const [k, v] of value) parts.push(cbor(k), cbor(v))
    return Buffer.concat(parts)
  }
  throw new TypeError("cbor: unsupported value")
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter >>> 0)
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
}

export class SoftAuthenticator {
  readonly credentials = new Map<string, Credential>()

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  /** `navigator.credentials.create()`: a new ES256 credential and its registration response JSON. */
  create(options: { challenge: string; user?: { id?: string } }, bend: Bend = {}): { json: Record<string, unknown>; credential: Credential } {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const jwk = publicKey.export({ format: "jwk" })
    const coseKey = new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ])
    const id = randomBytes(20)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)])
    const counter = bend.counter ?? 0
    const authData = authenticatorData(bend.rpId ?? this.rpId, bend.flags ?? UP | UV | AT, counter, attested)
    const attestationObject = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]))
    const credential: Credential = { id, privateKey, counter, userHandle: options.user?.id }
    this.credentials.set(b64url(id), credential)
    const json = {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData(bend.type ?? "webauthn.create", bend.challenge ?? options.challenge, bend.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    }
    return { json, credential }
  }

  /** `navigator.credentials.get()`: an assertion by `credential` (default: the only one) over the challenge. */
  get(options: { challenge: string }, credential: Credential = this.only(), bend: Bend = {}): Record<string, unknown> {
    const counter = bend.counter ?? credential.counter + 1
    if (bend.counter === undefined) credential.counter = counter
    const authData = authenticatorData(bend.rpId ?? this.rpId, bend.flags ?? UP | UV, counter)
    const data = clientData(bend.type ?? "webauthn.get", bend.challenge ?? options.challenge, bend.origin ?? this.origin)
    const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    }
  }

  private only(): Credential {
    const [first] = this.credentials.values()
    if (!first) throw new Error("no credential yet")
    return first
  }
}
