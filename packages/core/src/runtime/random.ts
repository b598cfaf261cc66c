/** Randomness and hashing helpers shared by CSRF, tokens and session ids. Synchronous on Node, Web Crypto elsewhere. */
import { nodeCrypto } from "./node-crypto.js"

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"))

function toHex(bytes: Uint8Array): string {
  let out = ""
  for (const byte of bytes) out += hex[byte]
  return out
}

/** `bytes` random bytes as lowercase hex (Auth.js `randomString`). */
export function randomHex(bytes: number): string {
  if (nodeCrypto) return nodeCrypto.randomBytes(bytes).toString("hex")
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** A random UUID v4. */
export function randomUUID(): string {
  return crypto.randomUUID()
}

/** SHA-256 of the UTF-8 string, as lowercase hex (Auth.js `createHash`). */
export async function sha256Hex(input: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(input).digest("hex")
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input))
  return toHex(new Uint8Array(digest))
}

/** Compares two strings in time that depends only on their length (security catalog 11.2.4). */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
