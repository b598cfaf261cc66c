/**
 * Session encryption keys, derived exactly as Auth.js derives them (docs/design.md#session-token) and cached so that no
 * request pays for HKDF: HKDF-SHA256(ikm = secret, salt = `salt`, info = `Auth.js Generated Encryption Key (<salt>)`),
 * 64 bytes for `A256CBC-HS512` and 32 for `A256GCM`; the `kid` is the RFC 7638 thumbprint of the key as an `oct` JWK,
 * hashed with SHA-512 (64-byte key) or SHA-256 (32-byte key), exactly as `jose.calculateJwkThumbprint` computes it.
 */
import { nodeCrypto } from "../runtime/node-crypto.js"

/** The content encryptions a session token may use. Only `A256CBC-HS512` is ever written. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

/** A derived key with everything the codec needs precomputed. */
export interface DerivedKey {
  readonly enc: ContentEncryption
  /** The raw key: 64 bytes (MAC key ‖ ENC key) for `A256CBC-HS512`, 32 bytes for `A256GCM`. */
  readonly bytes: Uint8Array
  /** RFC 7638 thumbprint, base64url. */
  readonly kid: string
  /** The encoded protected header `{"alg":"dir","enc":…,"kid":…}` that Auth.js writes for this key. */
  readonly header: string
  /** `A256CBC-HS512`: the HMAC key, the first half of `bytes` (a view, not a copy). Empty for `A256GCM`. */
  readonly macKey: Uint8Array
  /** `A256CBC-HS512`: the AES key, the second half of `bytes`. For `A256GCM`, `bytes` itself. */
  readonly encKey: Uint8Array
}

const KEY_LENGTH: Readonly<Record<ContentEncryption, number>> = { "A256CBC-HS512": 64, A256GCM: 32 }

/** Enough for every secret × salt × enc a process realistically uses; a bound so hostile configs cannot grow it. */
const CACHE_SIZE = 64
const cache = new Map<string, DerivedKey | Promise<DerivedKey>>()

/**
 * The key for (`secret`, `salt`, `enc`), from the cache when it is there. Synchronous whenever the key is cached or the
 * runtime has `node:crypto`; a promise only on the first use of a key on runtimes with Web Crypto alone. The cache is
 * bounded (oldest entry evicted first), so rotating through many secrets or salts cannot grow memory.
 */
export function derivedKey(secret: string, salt: string, enc: ContentEncryption): DerivedKey | Promise<DerivedKey> {
  // The length prefix makes the key unambiguous whatever characters salt and secret contain.
  const id = `${enc}:${salt.length}:${salt}${secret}`
  const hit = cache.get(id)
  if (hit !== undefined) return hit
  if (nodeCrypto) {
    const key = deriveKeyNode(nodeCrypto, secret, salt, enc)
    remember(id, key)
    return key
  }
  const pending = deriveKeyWebCrypto(secret, salt, enc).then(
    (key) => {
      if (cache.get(id) === pending) cache.set(id, key)
      return key
    },
    (error: unknown) => {
      cache.delete(id)
      throw error
    },
  )
  remember(id, pending)
  return pending
}

function remember(id: string, value: DerivedKey | Promise<DerivedKey>): void {
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next()
    if (!oldest.done) cache.delete(oldest.value)
  }
  cache.set(id, value)
}

function info(salt: string): string {
  return `Auth.js Generated Encryption Key (${salt})`
}

type NodeCrypto = NonNullable<typeof nodeCrypto>

function deriveKeyNode(node: NodeCrypto, secret: string, salt: string, enc: ContentEncryption): DerivedKey {
  const length = KEY_LENGTH[enc]
  const bytes = new Uint8Array(node.hkdfSync("sha256", secret, salt, info(salt), length))
  const jwk = `{"k":"${base64url(bytes)}","kty":"oct"}`
  const kid = node.createHash(length === 64 ? "sha512" : "sha256").update(jwk).digest("base64url")
  return withHalves(enc, bytes, kid)
}

/**
 * Derives the key with Web Crypto alone: the path of edge runtimes, and the reference the `node:crypto` path is
 * checked against in tests. Not cached; use {@link derivedKey}.
 */
export async function deriveKeyWebCrypto(secret: string, salt: string, enc: ContentEncryption): Promise<DerivedKey> {
  const length = KEY_LENGTH[enc]
  const encoder = new TextEncoder()
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(salt), info: encoder.encode(info(salt)) },
    ikm,
    length * 8,
  )
  const bytes = new Uint8Array(bits)
  const jwk = `{"k":"${base64url(bytes)}","kty":"oct"}`
  const digest = await crypto.subtle.digest(length === 64 ? "SHA-512" : "SHA-256", encoder.encode(jwk))
  const kid = base64url(new Uint8Array(digest))
  return withHalves(enc, bytes, kid)
}

function withHalves(enc: ContentEncryption, bytes: Uint8Array, kid: string): DerivedKey {
  // RFC 7518 §5.2.2.1: MAC_KEY is the first half of the key, ENC_KEY the second.
  const cbc = enc === "A256CBC-HS512"
  return {
    enc,
    bytes,
    kid,
    header: protectedHeader(enc, kid),
    macKey: cbc ? bytes.subarray(0, 32) : bytes.subarray(0, 0),
    encKey: cbc ? bytes.subarray(32) : bytes,
  }
}

/** The protected header segment, with Auth.js's member order (`alg`, `enc`, `kid`) so the AAD is byte-identical. */
function protectedHeader(enc: ContentEncryption, kid: string): string {
  return base64url(new TextEncoder().encode(`{"alg":"dir","enc":"${enc}","kid":"${kid}"}`))
}

/** Unpadded base64url (RFC 7515 §2) without `Buffer`, for runtimes that lack it. */
export function base64url(bytes: Uint8Array): string {
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
}
