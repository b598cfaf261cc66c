/**
 * Environment inference (docs/design.md#environment): `AUTH_*` variables and the legacy `NEXTAUTH_SECRET` /
 * `NEXTAUTH_URL`. Read once per configuration object; never mutates the user's config.
 */

export type Env = Record<string, string | undefined>

/** `process.env` where the runtime has one, else an empty record (edge runtimes pass their env explicitly). */
export function processEnv(): Env {
  const proc = (globalThis as { process?: { env?: Env } }).process
  return proc?.env ?? {}
}

/**
 * Secrets from the environment: `AUTH_SECRET_3, _2, _1, AUTH_SECRET` (highest number first, as Auth.js: the newest is
 * used for new tokens), or `NEXTAUTH_SECRET` when none of those is set.
 */
export function secretsFromEnv(env: Env): string[] {
  const secrets = [env.AUTH_SECRET_3, env.AUTH_SECRET_2, env.AUTH_SECRET_1, env.AUTH_SECRET].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  )
  if (secrets.length) return secrets
  return env.NEXTAUTH_SECRET ? [env.NEXTAUTH_SECRET] : []
}

/** The public URL of the deployment from `AUTH_URL`, or the legacy `NEXTAUTH_URL`. Invalid values are ignored. */
export function urlFromEnv(env: Env): URL | undefined {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * What is wrong with a set `AUTH_URL` / `NEXTAUTH_URL` that is not an absolute http(s) URL (`localhost:4830` parses as
 * the scheme `localhost:`), said with the form to use; `undefined` when it is unset or valid.
 */
export function urlProblemFromEnv(env: Env): { message: string; variable: string } | undefined {
  const name = env.AUTH_URL ? "AUTH_URL" : env.NEXTAUTH_URL ? "NEXTAUTH_URL" : undefined
  if (!name || urlFromEnv(env)) return undefined
  const value = env[name]!
  // The value is shown only when it cannot hold a credential (user:password@host).
  const shown = value.includes("@") ? "" : ` (got ${JSON.stringify(value.slice(0, 80))})`
  const schemeless = /^[\w.-]+(:\d+)?(\/|$)/.test(value) && !value.includes("@")
  const loopback = /^(localhost|127\.\d+\.\d+\.\d+)(:|\/|$)/.test(value)
  const example = schemeless ? `${loopback ? "http" : "https"}://${value}` : "https://app.example.com/auth"
  return { message: `${name} must be an absolute URL starting with http:// or https://${shown}; for example ${example}.`, variable: name }
}

/**
 * Whether the request host may be trusted. Explicit `trustHost` wins; otherwise a configured public URL, a truthy
 * `AUTH_TRUST_HOST` (`"false"`/`"0"` mean false — Auth.js trusts any non-empty value), a Vercel or Cloudflare Pages
 * deployment, or any environment other than production.
 */
export function trustHostFromEnv(env: Env, explicit: boolean | undefined): boolean {
  if (explicit !== undefined) return explicit
  if (urlFromEnv(env)) return true
  const flag = env.AUTH_TRUST_HOST
  if (flag !== undefined && flag !== "") return !/^(false|0|no|off)$/i.test(flag.trim())
  if (env.VERCEL || env.CF_PAGES) return true
  return env.NODE_ENV !== "production"
}

/** `AUTH_{ID}_…` prefix of a provider id: upper-case snake case (`microsoft-entra-id` → `AUTH_MICROSOFT_ENTRA_ID_`). */
export function providerEnvPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_`
}

export function isProduction(env: Env): boolean {
  return env.NODE_ENV === "production"
}
