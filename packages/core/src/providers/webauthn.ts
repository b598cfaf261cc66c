/**
 * The WebAuthn provider (experimental): sign-in with a passkey or a security key, verified with
 * `@simplewebauthn/server` (an optional peer dependency, imported only when a WebAuthn request arrives).
 *
 * Needs `experimental: { enableWebAuthn: true }` and an adapter with the authenticator methods. The built-in sign-in
 * page shows its form; a custom page uses `signIn("webauthn")` from `@gatehousejs/next/webauthn` or the endpoints
 * `GET <basePath>/webauthn-options/webauthn` and `POST <basePath>/callback/webauthn` (see docs).
 *
 * @example
 * Gatehouse({ adapter, experimental: { enableWebAuthn: true }, providers: [WebAuthn({ relayingParty: { name: "My app" } })] })
 */
import { normalizeEmail } from "../email/normalize.js"
import { MissingAdapter } from "../errors.js"
import type {
  GetUserInfo,
  RelayingParty,
  SemverString,
  WebAuthnConfig,
  WebAuthnConfigInternal,
  WebAuthnProviderContext,
  WebAuthnRequest,
} from "./types.js"

export type {
  GetUserInfo,
  RelayingParty,
  SemverString,
  SimpleWebAuthnServer,
  WebAuthnAuthenticationOptions,
  WebAuthnConfig,
  WebAuthnProviderContext,
  WebAuthnRegistrationOptions,
  WebAuthnRequest,
  WebAuthnUserInfo,
  WebAuthnVerifyAuthenticationOptions,
  WebAuthnVerifyRegistrationOptions,
} from "./types.js"

/** How long the browser waits for the authenticator: 5 minutes (Auth.js). */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000

/** The `@simplewebauthn/browser` major version Gatehouse bundles for its sign-in page. */
export const DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION: SemverString = "v14"

export type WebAuthnUserConfig = Partial<Omit<WebAuthnConfig, "type" | "options">>

/**
 * A WebAuthn provider, id `webauthn`. Every option of {@link WebAuthnConfig} may be overridden.
 *
 * @example
 * WebAuthn({ relayingParty: { id: "example.com", name: "Example", origin: "https://example.com" } })
 */
export default function WebAuthn(config: WebAuthnUserConfig = {}): WebAuthnConfigInternal {
  return {
    id: "webauthn",
    name: "WebAuthn",
    enableConditionalUI: true,
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
    simpleWebAuthnBrowserVersion: DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION,
    getUserInfo: defaultGetUserInfo,
    getRelayingParty: defaultGetRelayingParty,
    ...config,
    type: "webauthn",
  } as WebAuthnConfigInternal
}

/** A WebAuthn provider given as a plain object (`{ id, name, type: "webauthn" }`) gets the defaults of {@link WebAuthn}. */
export function withWebAuthnDefaults(provider: WebAuthnConfig): WebAuthnConfigInternal {
  const defined = Object.fromEntries(Object.entries(provider).filter(([, value]) => value !== undefined))
  return WebAuthn(defined as WebAuthnUserConfig)
}

/**
 * Auth.js's default: the `email` query parameter (body field on POST) names the user; an existing user is looked up
 * with `getUserByEmail`, an unknown address is a new user to register. No address: `null`. Gatehouse asks it only for
 * a signed-out registration, and for every address alike (RT-06); a stored user's details never reach the options, and
 * the address counts only once an e-mail link proves it (RT-01, `webauthn/pending-passkey.ts`).
 *
 * The address is normalised as the e-mail provider does (trimmed, lower case, NFKC; one `@`, no quotes or commas), so
 * a passkey and a magic link for `Pat@Example.com` are the same user; an address that is not one counts as none.
 */
export const defaultGetUserInfo: GetUserInfo = async ({ adapter }, request) => {
  if (!adapter?.getUserByEmail) throw new MissingAdapter("The WebAuthn provider needs a database adapter with getUserByEmail.")
  const raw = request.method === "POST" ? request.body.email : request.query.email
  if (!raw || typeof raw !== "string") return null
  let email: string
  try {
    email = normalizeEmail(raw)
  } catch {
    return null
  }
  const existing = await adapter.getUserByEmail(email)
  if (existing) return { user: existing, exists: true }
  return { user: { email }, exists: false }
}

/** The relying party from `relayingParty` (the first of each list), each field defaulting to the request URL's. */
export function defaultGetRelayingParty({ provider, url }: WebAuthnProviderContext, _request?: WebAuthnRequest): RelayingParty {
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)
  const configured = provider.relayingParty
  return {
    id: first(configured?.id) ?? url.hostname,
    name: first(configured?.name) ?? url.host,
    origin: first(configured?.origin) ?? url.origin,
  }
}
