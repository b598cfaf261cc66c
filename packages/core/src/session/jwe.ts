/**
 * Compact JWE (RFC 7516 §7.1) restricted to what Auth.js session tokens use: `alg: "dir"` with
 * `enc: "A256CBC-HS512"` (RFC 7518 §5.2), and `A256GCM` (§5.3) on decode only. On runtimes with `node:crypto`
 * everything here is synchronous — one HMAC and one AES call per token — which is why the session hot path does not
 * go through `jose` (docs/design.md#own-session-codec). Elsewhere the same operations are delegated to `jose`, loaded
 * on first use.
 *
 * Nothing here throws on a bad token: parsing returns `undefined` or a {@link JweFailure}, decryption `undefined`.
 */
import type { ContentEncryption, DerivedKey } from "./keys.js"
import { nodeCrypto } from "../runtime/node-crypto.js"

// The session codec built on these primitives lives in codec.ts; re-exported for callers that import it from here.

/** Why a token was refused, as the public `decode` reports it. */
export type JweFailure = "malformed" | "unsupported"

/** The segments of a compact JWE whose shape is valid; the encrypted key segment is empty (`dir`). */
export interface CompactJwe {
  /** The encoded protected header; its ASCII bytes are the AAD. */
  readonly header: string
  readonly iv: string
  readonly ciphertext: string
  readonly tag: string
}

/** The protected header, once it is known to name an algorithm we accept. */
export interface JweHeader {
  readonly enc: ContentEncryption
  readonly kid: string | undefined
  /** Every member, for the replicated-claims check (RFC 7519 §5.3). */
  readonly members: Readonly<Record<string, unknown>>
}

// Canonical unpadded base64url (RFC 4648 §5). Non-canonical spellings of the same bytes are refused, so a token has
// exactly one accepted spelling and a changed character always changes the bytes the tag covers.
const BASE64URL_SEGMENTS = /^([A-Za-z0-9_-]+)\.\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

function isCanonical(segment: string): boolean {
  const rest = segment.length % 4
  if (rest === 0) return true
  if (rest === 1) return false
  // The last character carries 2 (rest 2) or 4 (rest 3) bits past the final byte; they must be zero.
  const value = ALPHABET.indexOf(segment[segment.length - 1]!)
  return (value & (rest === 2 ? 0b1111 : 0b11)) === 0
}

/**
 * Splits a compact JWE into its segments. Exactly five segments, an empty encrypted key (RFC 7518 §4.5: `dir` has
 * none), and canonical base64url in every other segment; anything else is `undefined`.
 */
export function splitCompact(token: string): CompactJwe | undefined {
  const match = BASE64URL_SEGMENTS.exec(token)
  if (match === null) return undefined
  const header = match[1]!
  const iv = match[2]!
  const ciphertext = match[3]!
  const tag = match[4]!
  if (!isCanonical(iv) || !isCanonical(ciphertext) || !isCanonical(tag)) return undefined
  return { header, iv, ciphertext, tag }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/**
 * Decodes and checks a protected header. Accepts `alg: "dir"` with `enc` `A256CBC-HS512` or `A256GCM`, a string
 * `kid` or none; refuses `zip` (never written by Auth.js, and a decompression bomb vector) and `crit` (no extension
 * is understood, RFC 7515 §4.1.11).
 */
export function readHeader(segment: string): JweHeader | JweFailure {
  if (!isCanonical(segment)) return "malformed"
  let members: unknown
  try {
    members = JSON.parse(strictUtf8.decode(base64urlDecode(segment)))
  } catch {
    return "malformed"
  }
  if (!isPlainObject(members)) return "malformed"
  const { alg, enc, kid } = members
  if (alg !== "dir" || (enc !== "A256CBC-HS512" && enc !== "A256GCM")) return "unsupported"
  if (members.zip !== undefined || members.crit !== undefined) return "unsupported"
  if (typeof kid === "string" || kid === undefined) return { enc, kid, members }
  return "malformed"
}

/** A JSON value that is an object and not an array (what `JSON.parse` yields for `{…}`). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function base64urlDecode(segment: string): Uint8Array {
  if (node) return node.Buffer.from(segment, "base64url")
  const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

// ---------------------------------------------------------------------------------------------------------------
// node:crypto: synchronous.

type NodeBufferConstructor = typeof Buffer

const node = (() => {
  const NodeBuffer = (globalThis as { Buffer?: NodeBufferConstructor }).Buffer
  return nodeCrypto && NodeBuffer ? { crypto: nodeCrypto, Buffer: NodeBuffer } : undefined
})()

/** Whether the synchronous `node:crypto` path is available; when not, use the `…WithJose` functions. */
export const syncCrypto: boolean = node !== undefined

// RFC 7518 §5.2.2.1: AL is the AAD length in bits as a 64-bit big-endian integer. Every header of a given key has the
// same length, so the last one is kept.
let lastAadLength = -1
let lastAl: Uint8Array = new Uint8Array(8)

function aadLength(length: number): Uint8Array {
  if (length !== lastAadLength) {
    const al = new Uint8Array(8)
    const bits = length * 8
    new DataView(al.buffer).setUint32(0, Math.floor(bits / 0x1_0000_0000))
    new DataView(al.buffer).setUint32(4, bits >>> 0)
    lastAl = al
    lastAadLength = length
  }
  return lastAl
}

// IVs come from a pool filled 512 at a time: one `randomBytes(16)` per token was ~13% of a re-issue. A refill
// allocates a new pool, so an IV handed out is never overwritten.
const IV_POOL_SIZE = 16 * 512
let ivPool: Buffer | undefined
let ivOffset = IV_POOL_SIZE

function nextIv(n: NonNullable<typeof node>): Buffer {
  if (ivPool === undefined || ivOffset >= IV_POOL_SIZE) {
    ivPool = n.crypto.randomFillSync(n.Buffer.allocUnsafe(IV_POOL_SIZE))
    ivOffset = 0
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + 16)
  ivOffset += 16
  return iv
}

/**
 * Encrypts `plaintext` (a UTF-8 string) into a compact JWE with `A256CBC-HS512` (RFC 7518 §5.2.2.1): a random IV,
 * AES-256-CBC under the second half of the key, and as tag the first 32 bytes of HMAC-SHA-512 under the first half
 * over AAD ‖ IV ‖ ciphertext ‖ AL. Requires {@link syncCrypto}.
 */
export function encryptSync(plaintext: string, key: DerivedKey): string {
  if (!node) throw new Error("encryptSync needs node:crypto; use encryptWithJose")
  if (key.enc !== "A256CBC-HS512") throw new Error(`Session tokens are written with A256CBC-HS512, not ${key.enc}`)
  const { crypto, Buffer } = node
  const iv = nextIv(node)
  const cipher = crypto.createCipheriv("aes-256-cbc", key.encKey, iv)
  const head = cipher.update(plaintext, "utf8")
  const ciphertext = Buffer.concat([head, cipher.final()])
  const tag = crypto
    .createHmac("sha512", key.macKey)
    .update(key.header, "latin1")
    .update(iv)
    .update(ciphertext)
    .update(aadLength(key.header.length))
    .digest()
    .subarray(0, 32)
  return `${key.header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tag.toString("base64url")}`
}

/**
 * Authenticates and decrypts `jwe` with `key` (whose `enc` must be the header's). Returns the plaintext, or
 * `undefined` when the tag does not verify, a segment has the wrong length, or the plaintext is not UTF-8. The tag is
 * compared in constant time and checked before any decryption (RFC 7518 §5.2.2.2). Requires {@link syncCrypto}.
 */
export function decryptSync(jwe: CompactJwe, key: DerivedKey): string | undefined {
  if (!node) throw new Error("decryptSync needs node:crypto; use decryptWithJose")
  return key.enc === "A256CBC-HS512" ? decryptCbc(node, jwe, key) : decryptGcm(node, jwe, key)
}

type Node = NonNullable<typeof node>

function decryptCbc({ crypto, Buffer }: Node, jwe: CompactJwe, key: DerivedKey): string | undefined {
  // 16-byte IV and 32-byte tag, in canonical base64url, have exactly these lengths.
  if (jwe.iv.length !== 22 || jwe.tag.length !== 43) return undefined
  const ciphertext = Buffer.from(jwe.ciphertext, "base64url")
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0) return undefined
  const iv = Buffer.from(jwe.iv, "base64url")
  const mac = crypto
    .createHmac("sha512", key.macKey)
    .update(jwe.header, "latin1")
    .update(iv)
    .update(ciphertext)
    .update(aadLength(jwe.header.length))
    .digest()
  if (!crypto.timingSafeEqual(mac.subarray(0, 32), Buffer.from(jwe.tag, "base64url"))) return undefined
  try {
    const decipher = crypto.createDecipheriv("aes-256-cbc", key.encKey, iv)
    const head = decipher.update(ciphertext)
    return strictUtf8.decode(Buffer.concat([head, decipher.final()]))
  } catch {
    // Bad padding or UTF-8 under a valid tag: only the key holder can make one; refuse it all the same.
    return undefined
  }
}

function decryptGcm({ crypto, Buffer }: Node, jwe: CompactJwe, key: DerivedKey): string | undefined {
  // RFC 7518 §5.3: 96-bit IV, 128-bit tag. Node would accept shorter tags, so the length is pinned here.
  if (jwe.iv.length !== 16 || jwe.tag.length !== 22) return undefined
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.encKey, Buffer.from(jwe.iv, "base64url"), {
      authTagLength: 16,
    })
    decipher.setAAD(Buffer.from(jwe.header, "latin1"))
    decipher.setAuthTag(Buffer.from(jwe.tag, "base64url"))
    const head = decipher.update(Buffer.from(jwe.ciphertext, "base64url"))
    return strictUtf8.decode(Buffer.concat([head, decipher.final()]))
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------------------------
// jose: runtimes without node:crypto. Loaded on first use so that Node never pays for importing it here.

let jose: Promise<typeof import("jose")> | undefined

function loadJose(): Promise<typeof import("jose")> {
  jose ??= import("jose")
  return jose
}

/** {@link encryptSync} through `jose` (Web Crypto), with the same protected header. */
export async function encryptWithJose(plaintext: string, key: DerivedKey): Promise<string> {
  const { CompactEncrypt } = await loadJose()
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: "dir", enc: key.enc, kid: key.kid })
    .encrypt(key.bytes)
}

/**
 * {@link decryptSync} through `jose` (Web Crypto). Takes the whole token, which {@link splitCompact} and
 * {@link readHeader} must already have accepted; `jose` checks it again.
 */
export async function decryptWithJose(token: string, key: DerivedKey): Promise<string | undefined> {
  const { compactDecrypt } = await loadJose()
  try {
    const { plaintext } = await compactDecrypt(token, key.bytes, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: [key.enc],
    })
    return strictUtf8.decode(plaintext)
  } catch {
    return undefined
  }
}
