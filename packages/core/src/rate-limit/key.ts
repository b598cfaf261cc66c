/** Store keys for budgets: a keyed hash of the identifier, e-mail address or client, never the value itself. */
import { nodeCrypto } from "../runtime/node-crypto.js"
import { base64url } from "../session/keys.js"

/** A few imported HMAC keys, by secret: the secret rarely changes, importing it on every request costs a round of Web Crypto. */
const importedKeys = new Map<string, Promise<CryptoKey>>()
const MAX_IMPORTED_KEYS = 8

/** Separates these hashes from any other use of the same secret. */
const DOMAIN = "gatehouse rate-limit\0"

/**
 * The store key of one budget: `rl:<kind>:` and the base64url HMAC-SHA-256, under `secret`, of the normalised
 * `value`, so that a store (and whoever reads it) never holds a raw e-mail address, username or IP address, and
 * cannot reverse one without the secret. `kind` names the budget (`identifier`, `email`, `client`, …: lower-case
 * letters, digits and dashes). Values are NFC-normalised, trimmed and lower-cased, so `Bob@Example.com`, `bob` and
 * `BOB` each spend one budget whatever their spelling (two accounts whose names differ only in case share one:
 * harmless, where separate budgets per spelling would multiply an attacker's guesses).
 *
 * @example
 * await budgetKey("identifier", "Bob@Example.com", secret) // "rl:identifier:3q2-7w…" (43 characters of hash)
 */
export async function budgetKey(kind: string, value: string, secret: string): Promise<string> {
  if (!/^[a-z0-9-]{1,32}$/.test(kind)) {
    throw new TypeError(`A rate-limit budget kind must be 1 to 32 lower-case letters, digits or dashes, got ${JSON.stringify(kind)}.`)
  }
  if (typeof secret !== "string" || secret === "") throw new TypeError("A rate-limit budget key needs the auth secret.")
  return `rl:${kind}:${await keyedHash(secret, DOMAIN + normalizeBudgetValue(value))}`
}

/** NFC, trimmed and lower-cased. */
export function normalizeBudgetValue(value: string): string {
  return String(value).normalize("NFC").trim().toLowerCase()
}

/** The base64url HMAC-SHA-256 of `message` under `secret`: `node:crypto` where there is one, else Web Crypto. */
export async function keyedHash(secret: string, message: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHmac("sha256", secret).update(message).digest("base64url")
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(message))
  return base64url(new Uint8Array(mac))
}

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = importedKeys.get(secret)
  if (!key) {
    if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.clear()
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
    importedKeys.set(secret, key)
  }
  return key
}
