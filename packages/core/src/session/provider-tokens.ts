/**
 * Provider tokens kept in the encrypted session token when there is no adapter: one entry per provider under the
 * `gatehouse_tokens` claim, written at sign-in and replaced by each refresh. The claim is the engine's: it is taken off
 * the token before any callback sees it and put back on every token written (RT-15), so `getAccessToken` is the only
 * way app code reaches the tokens.
 */
import type { JWT, TokenSet } from "../types.js"

/** The claim, namespaced so that it cannot meet an app's own claims. */
export const TOKENS_CLAIM = "gatehouse_tokens"

/** What is kept of one provider's tokens. `failed`: the provider refused the refresh token for good. */
export interface SessionProviderTokens {
  access_token: string
  refresh_token?: string
  expires_at?: number
  scope?: string
  token_type?: string
  /** The account the tokens belong to: a refreshed ID token must name it (OA-28). */
  providerAccountId: string
  /** The sign-in ID token's `sub`, when the account id is another claim (`RefreshableAccount.subject`). */
  subject?: string
  /** When the access token was obtained (seconds): with `expires_at`, its lifetime. */
  obtained_at?: number
  failed?: true
}

/** The claim's value: each provider's entry, by provider id. */
export type ProviderTokens = Record<string, SessionProviderTokens>

/** The claim of a session token, if it has one. */
export function providerTokensIn(token: JWT): ProviderTokens | undefined {
  const held = token[TOKENS_CLAIM]
  return held && typeof held === "object" ? (held as ProviderTokens) : undefined
}

/** The token without the claim: the same object when it has none (the session check's hot path allocates nothing). */
export function withoutProviderTokens(token: JWT): JWT {
  if (!(TOKENS_CLAIM in token)) return token
  const { [TOKENS_CLAIM]: _held, ...visible } = token
  return visible
}

/** `token` carrying exactly `held` as the claim: whatever a callback put under the claim's name is not kept. */
export function withProviderTokens(token: JWT, held: ProviderTokens | undefined): JWT {
  if (held !== undefined) return { ...token, [TOKENS_CLAIM]: held }
  if (!(TOKENS_CLAIM in token)) return token
  const { [TOKENS_CLAIM]: _dropped, ...rest } = token
  return rest
}

/** The entry of `provider` in a session token, if any. */
export function tokensIn(token: JWT, provider: string): SessionProviderTokens | undefined {
  const all = token[TOKENS_CLAIM]
  if (!all || typeof all !== "object") return undefined
  const entry = (all as Record<string, unknown>)[provider]
  if (!entry || typeof entry !== "object" || typeof (entry as SessionProviderTokens).access_token !== "string") return undefined
  return entry as SessionProviderTokens
}

/** A copy of `token` with the entry of `provider` replaced. */
export function withTokens(token: JWT, provider: string, entry: SessionProviderTokens): JWT {
  const all = token[TOKENS_CLAIM] && typeof token[TOKENS_CLAIM] === "object" ? (token[TOKENS_CLAIM] as Record<string, unknown>) : {}
  return { ...token, [TOKENS_CLAIM]: { ...all, [provider]: entry } }
}

/** The entry for the tokens of a sign-in, obtained at `obtainedAt` (seconds); `undefined` without an access token. */
export function entryFromSignIn(tokens: TokenSet, providerAccountId: string, obtainedAt: number): SessionProviderTokens | undefined {
  if (typeof tokens.access_token !== "string" || tokens.access_token === "") return undefined
  return prune({
    access_token: tokens.access_token,
    refresh_token: typeof tokens.refresh_token === "string" ? tokens.refresh_token : undefined,
    expires_at: typeof tokens.expires_at === "number" ? tokens.expires_at : undefined,
    scope: typeof tokens.scope === "string" ? tokens.scope : undefined,
    token_type: typeof tokens.token_type === "string" ? tokens.token_type : undefined,
    providerAccountId,
    subject: subjectOf(tokens.id_token, providerAccountId),
    obtained_at: obtainedAt,
  })
}

/** True when any provider's refresh failed for good: the session reports `error: "RefreshTokenError"`. */
export function refreshFailedIn(held: ProviderTokens): boolean {
  return Object.values(held).some((entry) => entry && typeof entry === "object" && entry.failed === true)
}

function prune<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key]
  return value
}

/**
 * The `sub` of an ID token stored at sign-in (verified then), when it differs from the account id; `undefined`
 * otherwise or when there is none. Read without verifying again: it is ours, not the request's.
 */
export function subjectOf(idToken: unknown, providerAccountId: string): string | undefined {
  if (typeof idToken !== "string") return undefined
  try {
    const segment = idToken.split(".")[1] ?? ""
    const json = new TextDecoder().decode(Uint8Array.from(atob(segment.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)))
    const sub = (JSON.parse(json) as { sub?: unknown }).sub
    return typeof sub === "string" && sub !== providerAccountId ? sub : undefined
  } catch {
    return undefined
  }
}
