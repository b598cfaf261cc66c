/**
 * Encrypting and decrypting the session token: the built-in codec (docs/design.md#own-session-codec), or the user's
 * `jwt.encode` / `jwt.decode` when configured. Decoding never throws: an unreadable token is `null`.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { JWT } from "../types.js"
import { sessionCodec } from "./codec.js"

export async function decodeSessionToken(config: ResolvedConfig, salt: string, token: string): Promise<JWT | null> {
  if (config.jwt.decode) {
    try {
      return ((await config.jwt.decode({ token, secret: config.secrets, salt })) as JWT | null) ?? null
    } catch {
      return null
    }
  }
  return (await sessionCodec(config.secrets, salt).decode(token)) as JWT | null
}

/** False when the token was written with a rotated-out secret or an older algorithm, and should be re-issued now. */
export function isCurrentSessionToken(config: ResolvedConfig, salt: string, token: string): boolean {
  if (config.jwt.decode) return true
  return sessionCodec(config.secrets, salt).isCurrent(token)
}

export async function encodeSessionToken(config: ResolvedConfig, salt: string, token: JWT): Promise<string> {
  if (config.jwt.encode) return config.jwt.encode({ token, secret: config.secrets, salt, maxAge: config.jwt.maxAge })
  return sessionCodec(config.secrets, salt).encode(token, config.jwt.maxAge)
}
