/**
 * For users.js (examples/hono and examples/sveltekit; the demo's own passwords are the `Password` provider's argon2id).
 * Password hashing with scrypt (RFC 7914) from `node:crypto`, stored as a PHC string
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<hash>`): the parameters travel with the hash, so they can be raised later and old
 * hashes still verify.
 *
 * Defaults follow the OWASP Password Storage Cheat Sheet for scrypt: N = 2^17, r = 8, p = 1 (128 MiB, about half a
 * second per hash on a small machine — the point of a password hash).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto"
import { promisify } from "node:util"

const scrypt = promisify(scryptCallback)

/** log2 of scrypt's cost N. 17 is the OWASP recommendation. */
export const DEFAULT_LOG_COST = 17
const BLOCK_SIZE = 8
const PARALLELISM = 1
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Longer inputs are refused before hashing: nobody types a 1 KiB password, and it bounds the work per request. */
const MAX_PASSWORD_LENGTH = 1024

/**
 * Hashes a password with a fresh random salt.
 *
 * @example
 * const stored = await hashPassword("wonderland") // "$scrypt$ln=17,r=8,p=1$…$…"
 */
export async function hashPassword(password, { logCost = DEFAULT_LOG_COST } = {}) {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, { logCost, blockSize: BLOCK_SIZE, parallelism: PARALLELISM })
  return `$scrypt$ln=${logCost},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString("base64url")}$${key.toString("base64url")}`
}

/**
 * True when `password` matches `stored` (a {@link hashPassword} string). The comparison is constant-time; a malformed
 * `stored` string is a programming error and throws.
 */
export async function verifyPassword(stored, password) {
  const { params, salt, key } = parse(stored)
  if (typeof password !== "string" || password.length > MAX_PASSWORD_LENGTH) return false
  const candidate = await derive(password, salt, params, key.length)
  return timingSafeEqual(candidate, key)
}

function derive(password, salt, { logCost, blockSize, parallelism }, length = KEY_BYTES) {
  const N = 2 ** logCost
  // scrypt needs 128 · N · r bytes; Node refuses anything above `maxmem` (32 MiB by default).
  const maxmem = 128 * N * blockSize * parallelism + 1024 * 1024
  return scrypt(password.normalize("NFC"), salt, length, { N, r: blockSize, p: parallelism, maxmem })
}

const phc = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/

function parse(stored) {
  const match = phc.exec(stored)
  if (!match) throw new TypeError("Not a $scrypt$ password hash")
  const [, logCost, blockSize, parallelism, salt, key] = match
  return {
    params: { logCost: Number(logCost), blockSize: Number(blockSize), parallelism: Number(parallelism) },
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  }
}
