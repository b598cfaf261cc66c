/**
 * Magic-link tokens: 32 random bytes as hex in the link; only `sha256hex(token + secret)` is stored (Auth.js format,
 * so existing verification rows keep working). Made with the first secret; checked against each
 * (docs/design.md#secret-rotation).
 */
import { randomHex, sha256Hex } from "../runtime/random.js"

export function newVerificationToken(): string {
  return randomHex(32)
}

export function hashVerificationToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`)
}
