/**
 * Configuration checks (Auth.js `assertConfig`, with its module-level-flag and skipped-check defects fixed): every
 * problem found is collected into one `AuthError`, logged once and answered on every request.
 */
import { passwordProblems } from "../passwords/config-problems.js"
import { isPasswordProvider } from "../passwords/is-password.js"
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
import type { OAuthConfig, WebAuthnConfigInternal } from "../providers/types.js"
import { singleUseMethods } from "../single-use.js"
import type { Profile } from "../types.js"
import type { AuthConfig } from "./auth-config.js"
import { providerEnvPrefix, urlProblemFromEnv, type Env } from "./env.js"
import type { ResolvedConfig } from "./resolved-config.js"

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
  // Challenges are single use in the store, across processes (docs/design.md#single-use-state-in-the-store, RT-10).
  ...singleUseMethods,
]

/**
 * Every problem of the configuration, in Auth.js's order (host trust, secret, providers, adapter), so that an operator
 * fixes them in one go instead of discovering them one deployment at a time.
 */
export function validate(resolved: ResolvedConfig, context: { missingSecret: boolean; config: AuthConfig; env: Env }): AuthError[] {
  const problems: AuthError[] = []
  const urlProblem = urlProblemFromEnv(context.env)
  // `code` and `variables` let tools (gatehousejs doctor) act on a problem without reading its text.
  if (urlProblem) problems.push(new AuthError(urlProblem.message, { cause: { code: "InvalidEnvUrl", variables: [urlProblem.variable] } }))
  if (!resolved.trustHost && !resolved.envUrl) {
    problems.push(
      new UntrustedHost(
        `Host must be trusted. Set AUTH_URL to the public URL (e.g. https://app.example.com${resolved.basePath}), or AUTH_TRUST_HOST=true / \`trustHost: true\` behind a proxy you control.`,
      ),
    )
  }
  if (context.missingSecret) {
    problems.push(new MissingSecretError("Set AUTH_SECRET (or `secret`). Generate one with `npx gatehousejs secret` or `openssl rand -base64 33`."))
  }
  if (!Array.isArray(context.config.providers)) problems.push(new InvalidProvider("`providers` must be an array."))

  const seen = new Set<string>()
  for (const provider of resolved.providers) {
    if (seen.has(provider.id)) problems.push(new InvalidProvider(`Two providers have the id "${provider.id}"; ids must be unique.`))
    seen.add(provider.id)
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      problems.push(new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`))
    }
    // As Auth.js: no issuer and no endpoints is a broken provider definition, an error of the whole configuration.
    if (provider.type === "oauth" || provider.type === "oidc") {
      const endpoints = endpointsProblem(provider)
      if (endpoints) problems.push(endpoints)
    }
  }

  const webAuthnError = validateWebAuthn(resolved.providers.filter((p): p is WebAuthnConfigInternal => p.type === "webauthn"))
  if (webAuthnError) problems.push(webAuthnError)

  const types = new Set(resolved.providers.map((p) => p.type))
  const needs = new Set<keyof Adapter>()
  if (types.has("email")) emailMethods.forEach((m) => needs.add(m))
  if (resolved.session.strategy === "database") sessionMethods.forEach((m) => needs.add(m))
  if (types.has("webauthn")) {
    if (!resolved.experimental.enableWebAuthn) {
      problems.push(new ExperimentalFeatureNotEnabled("WebAuthn is experimental: enable it with `experimental: { enableWebAuthn: true }`."))
    }
    webAuthnMethods.forEach((m) => needs.add(m))
  }
  if (needs.size) {
    const adapter = resolved.adapter
    if (!adapter) {
      const why = resolved.session.strategy === "database" ? "The database session strategy" : types.has("email") ? "Email sign-in" : "WebAuthn"
      problems.push(new MissingAdapter(`${why} needs a database adapter (\`adapter\`).`))
    } else {
      const missing = [...needs].filter((m) => typeof adapter[m] !== "function")
      if (missing.length) problems.push(new MissingAdapterMethods(missingMethodsMessage(missing, resolved, context.config)))
    }
  }
  problems.push(...sessionRegistryProblems(context.config))
  const passwordProviders = resolved.providers.filter(isPasswordProvider)
  if (passwordProviders.length) problems.push(...passwordProblems(resolved, passwordProviders))
  return problems
}

const storeMethods = ["createSession", "getSession", "updateSession", "listSessions", "deleteSession", "deleteUserSessions"] as const

/** `session.absoluteMaxAge`, `session.revocationCacheMaxAge` and `sessionStore`, named when wrong (docs/sessions.md). */
function sessionRegistryProblems(config: AuthConfig): AuthError[] {
  const problems: AuthError[] = []
  const { absoluteMaxAge, revocationCacheMaxAge } = config.session ?? {}
  if (absoluteMaxAge !== undefined && !(typeof absoluteMaxAge === "number" && Number.isFinite(absoluteMaxAge) && absoluteMaxAge > 0)) {
    problems.push(new AuthError("session.absoluteMaxAge must be a positive number of seconds."))
  }
  if (revocationCacheMaxAge !== undefined && !(typeof revocationCacheMaxAge === "number" && Number.isFinite(revocationCacheMaxAge) && revocationCacheMaxAge >= 0)) {
    problems.push(new AuthError("session.revocationCacheMaxAge must be a number of seconds, 0 or more."))
  }
  const store = config.sessionStore as Record<string, unknown> | undefined
  if (store !== undefined) {
    const missing = storeMethods.filter((m) => typeof store?.[m] !== "function")
    if (missing.length) problems.push(new AuthError(`sessionStore is missing ${missing.join(", ")}: give it PostgresSessionStore, RedisSessionStore or SqliteSessionStore.`))
  }
  return problems
}

/**
 * Auth.js's message, then what to add and who needs it: Auth.js asks an e-mail configuration for the e-mail methods
 * only and fails later, at the callback, when the database strategy finds no session methods; this check is stricter
 * on purpose and says so.
 */
function missingMethodsMessage(missing: (keyof Adapter)[], resolved: ResolvedConfig, config: AuthConfig): string {
  const message = `Required adapter methods were missing: ${missing.join(", ")}.`
  const forSessions = resolved.session.strategy === "database" ? missing.filter((m) => sessionMethods.includes(m)) : []
  const forChallenges = resolved.providers.some((p) => p.type === "webauthn") ? missing.filter((m) => (singleUseMethods as readonly string[]).includes(m)) : []
  if (forChallenges.length && !forSessions.length) {
    // Stricter than Auth.js on purpose (RT-10): say why, so that nobody takes it for a bug.
    return `${message} Add them to the adapter: WebAuthn keeps each challenge single use in the store, across processes, with ${forChallenges.join(" and ")} (every Auth.js adapter with e-mail support has them).`
  }
  if (!forSessions.length) return `${message} Add them to the adapter.`
  const why = config.session?.strategy === "database" ? '`session: { strategy: "database" }`' : "The database session strategy (the default with an adapter that has session methods)"
  return `${message} ${why} needs ${forSessions.join(", ")}: add them to the adapter, or set \`session: { strategy: "jwt" }\`.`
}

/** A problem as listed in `cause.problems`: its type and text, and the code and variables a tool acts on. */
type Listed = { type: string; message: string; code?: unknown; variables?: unknown }

function listed(problem: AuthError): Listed {
  const { code, variables } = problem.cause ?? {}
  return { type: problem.type, message: problem.message, ...(code !== undefined && { code }), ...(variables !== undefined && { variables }) }
}

/**
 * One error for all the problems: the first one's class (Auth.js's `type`, for code that switches on it), a message
 * naming every problem, and the list in `cause.problems`, which the default logger prints one per line, without a
 * stack (a configuration error is not a crash).
 */
export function configurationError(problems: AuthError[]): AuthError | undefined {
  const [first] = problems
  if (!first) return undefined
  const list = problems.map(listed)
  if (problems.length > 1) {
    first.message = `${problems.length} configuration problems: ${list.map((p, i) => `(${i + 1}) ${p.type}: ${p.message}`).join(" ")}`
  }
  first.cause = { ...first.cause, problems: list }
  return first
}

/**
 * The providers that cannot sign anyone in, by id, with what to set. Not a configuration error of the whole app: as
 * in Auth.js, the session, the other providers and the pages keep working, and only that provider's sign-in and
 * callback are refused (with this error, before any redirect to the provider).
 */
export function providerProblems(resolved: ResolvedConfig): Map<string, AuthError> {
  const problems = new Map<string, AuthError>()
  for (const provider of resolved.providers) {
    if (provider.type !== "oauth" && provider.type !== "oidc") continue
    const missing = credentialsProblem(provider)
    if (missing) problems.set(provider.id, missing)
  }
  return problems
}

/** One log entry for every unusable provider: the default logger prints it as one block, each problem on its line. */
export function unusableProvidersError(problems: Map<string, AuthError>): AuthError | undefined {
  const errors = [...problems.values()]
  if (errors.length <= 1) return errors[0]
  const list = errors.flatMap((error) => (error.cause?.problems as Listed[] | undefined) ?? [listed(error)])
  const error = new InvalidProvider(`${errors.length} providers cannot sign anyone in: ${list.map((p) => p.message).join(" ")}`)
  error.cause = { problems: list }
  return error
}

/**
 * An OAuth/OIDC provider with neither an issuer nor its endpoints, named by the variable Gatehouse reads the issuer
 * from (Keycloak without `AUTH_KEYCLOAK_ISSUER`).
 */
function endpointsProblem(provider: OAuthConfig<Profile>): AuthError | undefined {
  if (provider.issuer || provider.wellKnown) return undefined
  const endpoint = (["authorization", "token", "userinfo"] as const).find((key) => !endpointUrl(provider[key]))
  if (!endpoint) return undefined
  const prefix = providerEnvPrefix(provider.id)
  return new InvalidEndpoints(`Provider "${provider.id}" has no issuer: set ${prefix}ISSUER (or pass \`issuer\`, or its \`${endpoint}\` endpoint and the others).`, {
    cause: { code: "MissingIssuer", variables: [`${prefix}ISSUER`] },
  })
}

/**
 * What an OAuth/OIDC provider cannot sign anyone in without, named by the variable Gatehouse reads it from: a bare
 * `GitHub` without `AUTH_GITHUB_ID` would otherwise send the browser to GitHub with `client_id=` empty. Checked here,
 * not when the provider is built: apps build their provider list before their environment is complete.
 */
function credentialsProblem(provider: OAuthConfig<Profile>): AuthError | undefined {
  const prefix = providerEnvPrefix(provider.id)
  const missing: string[] = []
  if (!provider.clientId) missing.push(`${prefix}ID`)
  // A public client (PKCE only) or one that signs a JWT with its private key has no client secret.
  const method = provider.client?.token_endpoint_auth_method
  if (!provider.clientSecret && method !== "none" && method !== "private_key_jwt") missing.push(`${prefix}SECRET`)
  if (!missing.length) return undefined
  const options = missing.map((name) => (name.endsWith("_ID") ? "`clientId`" : "`clientSecret`")).join(", ")
  // Apple's client secret is a JWT signed with the app's key, not a value shown in a console.
  const hint = provider.id === "apple" && missing.includes(`${prefix}SECRET`) ? " Apple's secret is generated with createAppleClientSecret()." : ""
  return new InvalidProvider(`Provider "${provider.id}" is missing its credentials: set ${missing.join(" and ")} (or pass ${options}).${hint}`, {
    cause: { code: "MissingCredentials", variables: missing },
  })
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
