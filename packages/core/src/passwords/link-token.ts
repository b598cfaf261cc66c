/**
 * The tokens of verification and reset links. A token is `<user id, base64url>.<32 random bytes, hex>`: the user id
 * says whose row to check (as Django's reset links carry theirs), the random part is the secret. Only its hash is
 * stored, as a verification token (`sha256hex(token + secret)`, the magic-link format), under an identifier naming the
 * purpose and the user; `useVerificationToken` makes it single use across processes.
 */
import type { Adapter, VerificationToken } from "../adapters.js"
import { hashVerificationToken } from "../email/verification-token.js"
import { randomHex } from "../runtime/random.js"

export type LinkPurpose = "verify-email" | "password-reset"

const MAX_TOKEN_LENGTH = 1024

export function identifierOf(purpose: LinkPurpose, userId: string): string {
  return `gatehouse:${purpose}:${userId}`
}

/** A new link token for the user, and its stored form under the first secret. */
export async function newLinkToken(userId: string, secret: string): Promise<{ token: string; stored: string }> {
  const token = `${base64url(userId)}.${randomHex(32)}`
  return { token, stored: await hashVerificationToken(token, secret) }
}

/** The user id a token names, or `undefined` for anything that is not a link token. */
export function userIdOf(token: unknown): string | undefined {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return undefined
  const match = /^([A-Za-z0-9_-]+)\.([0-9a-f]{64})$/.exec(token)
  if (!match) return undefined
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(match[1]!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

/**
 * Uses the token up: its row, when it exists, is unexpired and was stored under one of the secrets (rotation); else
 * `null`. Single use: a second call for the same token finds nothing.
 */
export async function useLinkToken(
  adapter: Adapter,
  purpose: LinkPurpose,
  token: string,
  secrets: readonly string[],
  now: number,
): Promise<{ userId: string; stored: string; row: VerificationToken } | null> {
  const userId = userIdOf(token)
  if (userId === undefined) return null
  for (const secret of secrets) {
    const stored = await hashVerificationToken(token, secret)
    const row = await adapter.useVerificationToken!({ identifier: identifierOf(purpose, userId), token: stored })
    if (row) return row.expires.valueOf() > now ? { userId, stored, row } : null
  }
  return null
}

function base64url(text: string): string {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}
