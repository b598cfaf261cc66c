/**
 * The session token codec: a JWT claims set in a compact JWE, as Auth.js writes it (docs/design.md#session-token). One
 * codec per (secrets, salt) holds its derived keys, so a session check costs one HMAC and one AES call and no key
 * derivation.
 *
 * Differences from Auth.js, both deliberate: a token without `kid` is tried against every secret, not only the first
 * (docs/design.md#secret-rotation); and base64url must be canonical and unpadded, which every token Auth.js writes is.
 */
import { derivedKey, type ContentEncryption, type DerivedKey } from "./keys.js"
import {
  decryptSync,
  decryptWithJose,
  encryptSync,
  encryptWithJose,
  isPlainObject,
  readHeader,
  splitCompact,
  syncCrypto,
  type JweFailure,
  type JweHeader,
} from "./jwe.js"
import { randomUUID } from "../runtime/random.js"

/** Why a token was refused. */
export type DecodeFailure =
  | JweFailure
  | "no matching decryption secret"
  | "decryption failed"
  | "invalid claims"
  | "expired"
  | "not yet valid"

/** Encrypts and decrypts session tokens for one set of secrets and one salt (the session cookie name). */
export interface SessionCodec {
  /** The token for `payload` with fresh `iat`, `exp = iat + maxAge` and `jti` (overwriting any in `payload`). */
  encode(payload: Record<string, unknown>, maxAge: number): Promise<string>
  /** The claims, or `null` for any token that is malformed, foreign, tampered with, expired or not yet valid. */
  decode(token: string): Promise<Record<string, unknown> | null>
  /** As {@link SessionCodec.decode}, but says why a token was refused. */
  verify(token: string): Promise<Record<string, unknown> | DecodeFailure>
  /**
   * Whether `token` was written with the current (first) secret and the current algorithm, so that re-encoding it
   * would change nothing but its claims. False for a token made with a rotated-out secret or with `A256GCM`: those
   * are re-issued at once. Only meaningful for a token that decoded.
   */
  isCurrent(token: string): boolean
}

/** Auth.js passes `clockTolerance: 15` to `jose.jwtDecrypt`. */
const CLOCK_TOLERANCE = 15
const CBC: ContentEncryption = "A256CBC-HS512"
const CODEC_CACHE_SIZE = 16
const codecs = new Map<string, Codec>()
// A resolved configuration passes the same secrets array on every request: find its codec without building the
// string key. Contents are still compared, so a mutated array never reaches a codec for other secrets.
const codecsBySecrets = new WeakMap<readonly string[], Map<string, Codec>>()

/**
 * The codec for `secrets` and `salt`, cached: configurations are resolved once but the codec is asked for per
 * request, and no request should derive keys again. New tokens use `secrets[0]`; any secret decodes (rotation: put
 * the new secret first, keep the old ones after it).
 *
 * @example
 * const codec = sessionCodec([process.env.AUTH_SECRET!], "authjs.session-token")
 * const claims = await codec.decode(cookieValue) // null when invalid
 */
export function sessionCodec(secrets: readonly string[], salt: string): SessionCodec {
  let perSalt = codecsBySecrets.get(secrets)
  const known = perSalt?.get(salt)
  if (known !== undefined && known.usesSecrets(secrets)) return known
  const id = JSON.stringify([salt, ...secrets])
  let codec = codecs.get(id)
  if (codec === undefined) {
    codec = new Codec(secrets, salt)
    if (codecs.size >= CODEC_CACHE_SIZE) {
      const oldest = codecs.keys().next()
      if (!oldest.done) codecs.delete(oldest.value)
    }
    codecs.set(id, codec)
  }
  if (perSalt === undefined || perSalt.size >= CODEC_CACHE_SIZE) {
    perSalt = new Map()
    codecsBySecrets.set(secrets, perSalt)
  }
  perSalt.set(salt, codec)
  return codec
}

class Codec implements SessionCodec {
  readonly #secrets: readonly string[]
  readonly #salt: string
  readonly #keys: Partial<Record<ContentEncryption, readonly DerivedKey[]>> = {}

  constructor(secrets: readonly string[], salt: string) {
    if (secrets.length === 0) throw new TypeError("A session codec needs at least one secret")
    this.#secrets = [...secrets]
    this.#salt = salt
  }

  /** Whether this codec was made for exactly `secrets`, in this order. */
  usesSecrets(secrets: readonly string[]): boolean {
    const own = this.#secrets
    if (own.length !== secrets.length) return false
    for (let i = 0; i < own.length; i++) if (own[i] !== secrets[i]) return false
    return true
  }

  encode(payload: Record<string, unknown>, maxAge: number): Promise<string> {
    try {
      const plaintext = claimsSet(payload, maxAge)
      if (syncCrypto) return Promise.resolve(encryptSync(plaintext, this.#keysSync(CBC)[0]!))
      return this.#keysAsync(CBC).then((keys) => encryptWithJose(plaintext, keys[0]!))
    } catch (error) {
      return Promise.reject(error)
    }
  }

  decode(token: string): Promise<Record<string, unknown> | null> {
    if (syncCrypto) {
      const result = this.#verifySafely(token)
      return Promise.resolve(typeof result === "string" ? null : result)
    }
    return this.#verifyAsync(token, nowSeconds()).then(
      (result) => (typeof result === "string" ? null : result),
      () => null,
    )
  }

  verify(token: string): Promise<Record<string, unknown> | DecodeFailure> {
    if (syncCrypto) return Promise.resolve(this.#verifySafely(token))
    return this.#verifyAsync(token, nowSeconds()).catch((): DecodeFailure => "decryption failed")
  }

  isCurrent(token: string): boolean {
    const primary = this.#keys[CBC]?.[0]
    if (primary === undefined) return true
    const header = primary.header
    return token.length > header.length && token.charCodeAt(header.length) === 46 && token.startsWith(header)
  }

  #verifySafely(token: string): Record<string, unknown> | DecodeFailure {
    try {
      return this.#verifySync(token, nowSeconds())
    } catch {
      // Not reached by any token we know of; the guarantee that a bad token never throws does not rest on that.
      return "decryption failed"
    }
  }

  #verifySync(token: string, now: number): Record<string, unknown> | DecodeFailure {
    if (typeof token !== "string") return "malformed"
    const jwe = splitCompact(token)
    if (jwe === undefined) return "malformed"
    const cbc = this.#keysSync(CBC)
    // Fast path: the header is byte-identical to the one written with one of our keys, so alg, enc and kid are known
    // without parsing it.
    for (const key of cbc) {
      if (key.header === jwe.header) {
        const plaintext = decryptSync(jwe, key)
        return plaintext === undefined ? "decryption failed" : readClaims(plaintext, undefined, now)
      }
    }
    const header = readHeader(jwe.header)
    if (typeof header === "string") return header
    const keys = header.enc === CBC ? cbc : this.#keysSync(header.enc)
    let failure: DecodeFailure = "no matching decryption secret"
    for (const key of keys) {
      if (header.kid !== undefined && key.kid !== header.kid) continue
      const plaintext = decryptSync(jwe, key)
      if (plaintext !== undefined) return readClaims(plaintext, header, now)
      failure = "decryption failed"
      if (header.kid !== undefined) break
    }
    return failure
  }

  async #verifyAsync(token: string, now: number): Promise<Record<string, unknown> | DecodeFailure> {
    if (typeof token !== "string") return "malformed"
    const jwe = splitCompact(token)
    if (jwe === undefined) return "malformed"
    const header = readHeader(jwe.header)
    if (typeof header === "string") return header
    let keys: readonly DerivedKey[]
    try {
      keys = await this.#keysAsync(header.enc)
    } catch {
      return "no matching decryption secret"
    }
    let failure: DecodeFailure = "no matching decryption secret"
    for (const key of keys) {
      if (header.kid !== undefined && key.kid !== header.kid) continue
      const plaintext = await decryptWithJose(token, key)
      if (plaintext !== undefined) return readClaims(plaintext, header, now)
      failure = "decryption failed"
      if (header.kid !== undefined) break
    }
    return failure
  }

  #keysSync(enc: ContentEncryption): readonly DerivedKey[] {
    let keys = this.#keys[enc]
    if (keys === undefined) {
      keys = this.#secrets.map((secret) => {
        const key = derivedKey(secret, this.#salt, enc)
        if (key instanceof Promise) throw new Error("node:crypto is required for synchronous key derivation")
        return key
      })
      this.#keys[enc] = keys
    }
    return keys
  }

  async #keysAsync(enc: ContentEncryption): Promise<readonly DerivedKey[]> {
    let keys = this.#keys[enc]
    if (keys === undefined) {
      keys = await Promise.all(this.#secrets.map((secret) => derivedKey(secret, this.#salt, enc)))
      this.#keys[enc] = keys
    }
    return keys
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

function claimsSet(payload: Record<string, unknown>, maxAge: number): string {
  const iat = nowSeconds()
  const exp = iat + maxAge
  if (!Number.isFinite(exp)) throw new TypeError(`maxAge must be a finite number of seconds, got ${String(maxAge)}`)
  return JSON.stringify({ ...payload, iat, exp, jti: randomUUID() })
}

/**
 * The claims of a decrypted token, checked as `jose.jwtDecrypt` checks them for Auth.js: a JSON object; `iat`, `nbf`,
 * `exp` numbers when present; `nbf` not after now + 15 s, `exp` after now − 15 s (RFC 7519 §4.1.4–5); and `iss`,
 * `sub`, `aud` replicated in the header equal to the claims (RFC 7519 §5.3).
 */
function readClaims(plaintext: string, header: JweHeader | undefined, now: number): Record<string, unknown> | DecodeFailure {
  let payload: unknown
  try {
    payload = JSON.parse(plaintext)
  } catch {
    return "invalid claims"
  }
  if (!isPlainObject(payload)) return "invalid claims"
  if (header !== undefined && !replicatedClaimsMatch(header.members, payload)) return "invalid claims"
  const { iat, nbf, exp } = payload
  if (iat !== undefined && typeof iat !== "number") return "invalid claims"
  if (nbf !== undefined) {
    if (typeof nbf !== "number") return "invalid claims"
    if (nbf > now + CLOCK_TOLERANCE) return "not yet valid"
  }
  if (exp !== undefined) {
    if (typeof exp !== "number") return "invalid claims"
    if (exp <= now - CLOCK_TOLERANCE) return "expired"
  }
  return payload
}

function replicatedClaimsMatch(members: Readonly<Record<string, unknown>>, payload: Record<string, unknown>): boolean {
  if (members.iss !== undefined && members.iss !== payload.iss) return false
  if (members.sub !== undefined && members.sub !== payload.sub) return false
  if (members.aud !== undefined && JSON.stringify(members.aud) !== JSON.stringify(payload.aud)) return false
  return true
}
