/**
 * Turns `providers` into provider configurations: provider functions used bare are called with the options inferred
 * from the environment (`AUTH_{ID}_ID`, `_SECRET`, `_ISSUER`, `_KEY`); user options are merged over the provider's
 * defaults; OAuth/OIDC providers get their defaults (`checks`, `redirectProxyUrl`).
 */
import { defaultLocale } from "../pages/locales/codes.js"
import { textFor } from "../pages/locales/localized-text.js"
import { InvalidProvider, type AuthError } from "../errors.js"
import { providerEnvPrefix, type Env } from "../config/env.js"
import { merge } from "../util/merge.js"
import type { Provider, ProviderConfig, WebAuthnConfig } from "./types.js"
import { withWebAuthnDefaults } from "./webauthn.js"
import type { Profile, TokenSet, User } from "../types.js"
import { randomUUID } from "../runtime/random.js"

export type InternalProvider = ProviderConfig

const oauthTypes = new Set(["oauth", "oidc"])

export function normalizeProviders(
  providers: readonly Provider[] | undefined,
  env: Env,
  redirectProxyUrl: string | undefined,
): { providers: InternalProvider[]; errors: AuthError[] } {
  const out: InternalProvider[] = []
  const errors: AuthError[] = []
  for (const entry of Array.isArray(providers) ? providers : []) {
    try {
      out.push(normalizeOne(entry, env, redirectProxyUrl))
    } catch (error) {
      errors.push(new InvalidProvider(`A provider could not be set up: ${(error as Error).message}`))
    }
  }
  return { providers: out, errors }
}

function normalizeOne(entry: Provider, env: Env, redirectProxyUrl: string | undefined): InternalProvider {
  let config: ProviderConfig
  if (typeof entry === "function") {
    // A bare provider function: call it with what the environment knows. Its id is unknown until it runs, so run it
    // once to learn the id, then again with the inferred options.
    const probe = (entry as (options?: Record<string, unknown>) => ProviderConfig)({})
    config = (entry as (options?: Record<string, unknown>) => ProviderConfig)(envOptions(probe.id, env))
  } else {
    config = entry as ProviderConfig
  }
  if (!config || typeof config !== "object" || typeof config.id !== "string" || !config.id) {
    throw new Error("every provider needs a string `id`")
  }
  const { options, ...defaults } = config as ProviderConfig & { options?: Record<string, unknown> }
  let provider = merge(defaults as ProviderConfig, options ?? {}) as ProviderConfig
  // A self-hosted OP configured as `{ id, type: "oidc", issuer }` still gets a button label.
  // A name given per locale (`{ en, de }`) is kept whole: the page picks its language's.
  if (!textFor(provider.name, defaultLocale)) provider = { ...provider, name: provider.id }
  if (oauthTypes.has(provider.type)) {
    const fromEnv = envOptions(provider.id, env)
    const oauth = provider as ProviderConfig & Record<string, unknown>
    const proxy = (oauth.redirectProxyUrl as string | undefined) ?? redirectProxyUrl
    let checks = (oauth.checks as string[] | undefined) ?? ["pkce"]
    // A redirect proxy relays the callback with the original origin inside `state`, so `state` is required.
    if (proxy && !checks.includes("state")) checks = [...checks, "state"]
    provider = {
      ...oauth,
      clientId: oauth.clientId ?? fromEnv.clientId,
      clientSecret: oauth.clientSecret ?? fromEnv.clientSecret,
      issuer: oauth.issuer ?? fromEnv.issuer,
      redirectProxyUrl: proxy,
      checks,
      profile: oauth.profile ?? defaultProfile,
      account: oauth.account ?? defaultAccount,
    } as ProviderConfig
  } else if (provider.type === "email") {
    const email = provider as ProviderConfig & { apiKey?: string }
    provider = { ...email, apiKey: email.apiKey ?? envOptions(provider.id, env).apiKey } as ProviderConfig
  } else if (provider.type === "webauthn") {
    provider = withWebAuthnDefaults(provider as WebAuthnConfig)
  }
  return provider
}

/** Auth.js's default mapping of a profile to a user. */
export function defaultProfile(profile: Profile): User {
  return {
    id: String(profile.sub ?? profile.id ?? randomUUID()),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === "string" ? profile.picture : null,
  }
}

/** The token fields stored with an account by default. */
export function defaultAccount(tokens: TokenSet): TokenSet {
  const account: TokenSet = {}
  for (const key of ["access_token", "id_token", "refresh_token", "expires_at", "scope", "token_type", "session_state"]) {
    if (tokens[key] !== undefined) account[key] = tokens[key]
  }
  return account
}

export function envOptions(id: string, env: Env): Record<string, string | undefined> {
  const prefix = providerEnvPrefix(id)
  const options: Record<string, string | undefined> = {}
  const set = (key: string, value: string | undefined): void => {
    if (value) options[key] = value
  }
  set("clientId", env[`${prefix}ID`])
  set("clientSecret", env[`${prefix}SECRET`])
  set("issuer", env[`${prefix}ISSUER`])
  set("apiKey", env[`${prefix}KEY`])
  return options
}
