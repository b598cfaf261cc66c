/**
 * Configuration checks (Auth.js `assertConfig`, with its module-level-flag and skipped-check defects fixed): the first
 * problem found is returned as an `AuthError` and answered on every request.
 */
import type { Adapter } from "../adapters.js"
import {
  AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  InvalidProvider,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  UntrustedHost,
} from "../errors.js"
import type { WebAuthnConfigInternal } from "../providers/types.js"
import { singleUseMethods } from "../single-use.js"
import type { AuthConfig } from "./auth-config.js"
import type { ResolvedConfig } from "./resolve.js"

const sessionMethods: (keyof Adapter)[] = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
]
const emailMethods: (keyof Adapter)[] = ["createVerificationToken", "useVerificationToken", "getUserByEmail"]
const webAuthnMethods: (keyof Adapter)[] = [
  "createUser",
  "getUser",
  "linkAccount",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  // Challenges are single use in the store, across processes (design §7, RT-10).
  ...singleUseMethods,
]

export function validate(resolved: ResolvedConfig, context: { missingSecret: boolean; config: AuthConfig }): AuthError | undefined {
  if (!resolved.trustHost && !resolved.envUrl) {
    return new UntrustedHost(
      "Host must be trusted. Set `trustHost: true` (behind a proxy you control), AUTH_TRUST_HOST=true, or AUTH_URL to the public URL.",
    )
  }
  if (context.missingSecret) {
    return new MissingSecretError("Please define a `secret` (or set AUTH_SECRET). Generate one with `openssl rand -base64 33`.")
  }
  if (!Array.isArray(context.config.providers)) return new InvalidProvider("`providers` must be an array.")

  const seen = new Set<string>()
  for (const provider of resolved.providers) {
    if (seen.has(provider.id)) return new InvalidProvider(`Two providers have the id "${provider.id}"; ids must be unique.`)
    seen.add(provider.id)
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`)
    }
    if ((provider.type === "oauth" || provider.type === "oidc") && !provider.issuer && !provider.wellKnown) {
      const missing = (["authorization", "token", "userinfo"] as const).find((key) => !endpointUrl(provider[key]))
      if (missing) {
        return new InvalidEndpoints(`Provider "${provider.id}" is missing both \`issuer\` and \`${missing}\` endpoint config. At least one of them is required.`)
      }
    }
  }

  const webAuthnError = validateWebAuthn(resolved.providers.filter((p): p is WebAuthnConfigInternal => p.type === "webauthn"))
  if (webAuthnError) return webAuthnError

  const types = new Set(resolved.providers.map((p) => p.type))
  const needs = new Set<keyof Adapter>()
  if (types.has("email")) emailMethods.forEach((m) => needs.add(m))
  if (resolved.session.strategy === "database") sessionMethods.forEach((m) => needs.add(m))
  if (types.has("webauthn")) {
    if (!resolved.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled("WebAuthn is experimental: enable it with `experimental: { enableWebAuthn: true }`.")
    }
    webAuthnMethods.forEach((m) => needs.add(m))
  }
  if (needs.size) {
    const adapter = resolved.adapter
    if (!adapter) {
      const why = resolved.session.strategy === "database" ? "The database session strategy" : types.has("email") ? "Email sign-in" : "WebAuthn"
      return new MissingAdapter(`${why} needs a database adapter (\`adapter\`).`)
    }
    const missing = [...needs].filter((m) => typeof adapter[m] !== "function")
    if (missing.length) return new MissingAdapterMethods(`Required adapter methods were missing: ${missing.join(", ")}`)
  }
  return undefined
}

/** `v14`, `v14.0`, `v14.0.0` (authjs-behaviour §6.2 item 5). */
const browserVersionPattern = /^v\d+(?:\.\d+){0,2}$/

/**
 * WebAuthn providers (authjs-behaviour §6.2 item 5): a well-formed `simpleWebAuthnBrowserVersion` (or `false`); at
 * most one provider with conditional UI, and that one with a form field whose `autocomplete` has the `webauthn` token
 * (the browser offers passkeys only in such a field).
 */
function validateWebAuthn(providers: WebAuthnConfigInternal[]): AuthError | undefined {
  let conditional: WebAuthnConfigInternal | undefined
  for (const provider of providers) {
    const version = provider.simpleWebAuthnBrowserVersion
    if (version !== false && (typeof version !== "string" || !browserVersionPattern.test(version))) {
      return new AuthError(
        `Provider "${provider.id}": \`simpleWebAuthnBrowserVersion\` must be a version like "v14", "v14.0" or "v14.0.0", or false.`,
      )
    }
    if (!provider.enableConditionalUI) continue
    if (conditional) {
      return new DuplicateConditionalUI(`Only one WebAuthn provider may enable conditional UI; "${conditional.id}" and "${provider.id}" both do.`)
    }
    conditional = provider
    const fields = Object.values(provider.formFields ?? {})
    const hasToken = fields.some((field) => typeof field?.autocomplete === "string" && field.autocomplete.split(/\s+/).includes("webauthn"))
    if (!hasToken) {
      return new MissingWebAuthnAutocomplete(
        `Provider "${provider.id}" enables conditional UI, so one of its \`formFields\` needs "webauthn" in its \`autocomplete\` (e.g. "username webauthn").`,
      )
    }
  }
  return undefined
}

function endpointUrl(endpoint: unknown): string | undefined {
  if (typeof endpoint === "string") return endpoint || undefined
  if (endpoint && typeof endpoint === "object" && "url" in endpoint && typeof endpoint.url === "string") return endpoint.url || undefined
  return undefined
}
