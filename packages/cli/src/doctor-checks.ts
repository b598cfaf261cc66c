/**
 * The checks `doctor` makes itself, from the configuration and the environment: the secret, `AUTH_URL`, host trust,
 * cookie security and debug logging. Each is a line of the report. No check ever puts a value of a secret in its
 * text: a secret is "set", with its length.
 */
import { maskUrl } from "./database-url.js"
import type { AuthConfigLike } from "./load-config.js"

export type Level = "ok" | "warn" | "fail"

export interface Check {
  level: Level
  subject: string
  text: string
}

export interface Situation {
  config: AuthConfigLike
  env: NodeJS.ProcessEnv
  production: boolean
  /** The project's development secret (`node_modules/.cache/gatehousejs/dev-secret`), when it exists. */
  devSecret?: string
}

export const DEV_SECRET_PATH = "node_modules/.cache/gatehousejs/dev-secret"
const MIN_SECRET_LENGTH = 32

/** The secrets the engine will use, named by where they come from (core's order: `config.secret`, then the env). */
export function secretSources(config: AuthConfigLike, env: NodeJS.ProcessEnv): { name: string; value: string }[] {
  const configured = (Array.isArray(config.secret) ? config.secret : [config.secret]).filter(
    (value): value is string => typeof value === "string" && value.length > 0,
  )
  if (configured.length) return configured.map((value, i) => ({ name: configured.length > 1 ? `secret[${i}] in the configuration` : "secret in the configuration", value }))
  const fromEnv = ["AUTH_SECRET_3", "AUTH_SECRET_2", "AUTH_SECRET_1", "AUTH_SECRET"].flatMap((name) => (env[name] ? [{ name, value: env[name]! }] : []))
  if (fromEnv.length) return fromEnv
  return env.NEXTAUTH_SECRET ? [{ name: "NEXTAUTH_SECRET", value: env.NEXTAUTH_SECRET }] : []
}

export function secretCheck({ config, env, production, devSecret }: Situation): Check {
  const sources = secretSources(config, env)
  if (!sources.length) {
    return production
      ? { level: "fail", subject: "secret", text: "not set: in production every request fails. Set AUTH_SECRET (npx gatehousejs secret --write)." }
      : {
          level: "warn",
          subject: "secret",
          text: `not set: development uses a generated secret in ${DEV_SECRET_PATH}, which is not a production secret. Set AUTH_SECRET before deploying (npx gatehousejs secret --write).`,
        }
  }
  const copied = sources.find((source) => devSecret !== undefined && source.value === devSecret)
  if (copied) {
    return {
      level: production ? "fail" : "warn",
      subject: "secret",
      text: `${copied.name} is the development secret from ${DEV_SECRET_PATH}: make a production secret of its own (npx gatehousejs secret).`,
    }
  }
  const short = sources.find((source) => source.value.length < MIN_SECRET_LENGTH)
  if (short) {
    return {
      level: "warn",
      subject: "secret",
      text: `${short.name} is set but has ${short.value.length} characters: at least ${MIN_SECRET_LENGTH} random characters are advised (npx gatehousejs secret makes 44).`,
    }
  }
  const described = sources.map((source) => `${source.name} (${source.value.length} characters)`).join(", ")
  return { level: "ok", subject: "secret", text: `set: ${described}${sources.length > 1 ? "; the first signs new tokens" : ""}.` }
}

/** `AUTH_URL` (or `NEXTAUTH_URL`) as the engine reads it: an http(s) URL, or nothing. */
export function publicUrl(env: NodeJS.ProcessEnv): { name: string; raw?: string; url?: URL } {
  const name = env.AUTH_URL ? "AUTH_URL" : env.NEXTAUTH_URL ? "NEXTAUTH_URL" : "AUTH_URL"
  const raw = env.AUTH_URL || env.NEXTAUTH_URL || undefined
  if (!raw) return { name }
  try {
    const url = new URL(raw)
    return url.protocol === "http:" || url.protocol === "https:" ? { name, raw, url } : { name, raw }
  } catch {
    return { name, raw }
  }
}

const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i

export function urlCheck({ env, production }: Situation): Check {
  const { name, raw, url } = publicUrl(env)
  if (!raw) {
    return production
      ? { level: "warn", subject: name, text: "not set: links and redirects take their origin from each request's Host header. Set AUTH_URL to the deployment's https:// URL." }
      : { level: "ok", subject: name, text: "not set: each request's own URL is used (fine in development)." }
  }
  if (!url) {
    const schemeless = /^[\w.-]+(:\d+)?(\/|$)/.test(raw) && !raw.includes("@")
    const fix = schemeless ? ` Write ${/^(localhost|127\.)/.test(raw) ? "http" : "https"}://${raw}.` : ""
    return { level: "fail", subject: name, text: `${JSON.stringify(maskUrl(raw))} is not an http:// or https:// URL: the engine refuses to start with it.${fix}` }
  }
  const shown = maskUrl(url.href)
  if (url.protocol === "https:") return { level: "ok", subject: name, text: shown }
  if (!production) return { level: "ok", subject: name, text: `${shown} (plain http: fine in development)` }
  if (loopback.test(url.hostname)) {
    return { level: "warn", subject: name, text: `${shown} is plain http: fine for a production build on this machine, not for a deployment.` }
  }
  return { level: "fail", subject: name, text: `${shown} is plain http in production: cookies travel unencrypted and lose their Secure flag. Use https://.` }
}

/** Core's host-trust rule (`config/env.ts`), with the reason, for the report. */
export function hostTrust({ config, env, production }: Situation): { trusted: boolean; why: string } {
  if (typeof config.trustHost === "boolean") return { trusted: config.trustHost, why: "trustHost in the configuration" }
  if (publicUrl(env).url) return { trusted: true, why: "AUTH_URL fixes the public URL" }
  const flag = env.AUTH_TRUST_HOST
  if (flag !== undefined && flag !== "") return { trusted: !/^(false|0|no|off)$/i.test(flag.trim()), why: `AUTH_TRUST_HOST=${flag.trim()}` }
  if (env.VERCEL) return { trusted: true, why: "a Vercel deployment" }
  if (env.CF_PAGES) return { trusted: true, why: "a Cloudflare Pages deployment" }
  return production ? { trusted: false, why: "production, with neither AUTH_URL nor AUTH_TRUST_HOST" } : { trusted: true, why: "outside production" }
}

export function trustHostCheck(situation: Situation): Check {
  const { trusted, why } = hostTrust(situation)
  const hasUrl = publicUrl(situation.env).url !== undefined
  if (!trusted && !hasUrl) {
    return {
      level: "fail",
      subject: "trustHost",
      text: `the request's host is not trusted (${why}) and AUTH_URL is not set: every request fails with UntrustedHost. Set AUTH_URL, or AUTH_TRUST_HOST=true behind a proxy you control.`,
    }
  }
  if (situation.production && trusted && !hasUrl) {
    return {
      level: "warn",
      subject: "trustHost",
      text: `true (${why}): the Host and X-Forwarded-Host headers decide the URLs of links and redirects. Only behind a proxy that sets them; AUTH_URL is safer.`,
    }
  }
  return { level: "ok", subject: "trustHost", text: `${trusted} (${why})` }
}

/**
 * Cookie security for the deployment's scheme: `useSecureCookies` against `AUTH_URL`, and each cookie the
 * configuration overrides (the engine merges an override over the default, so an option left out keeps the default).
 */
export function cookieChecks(situation: Situation): Check[] {
  const { config, production } = situation
  const url = publicUrl(situation.env).url
  const https = url?.protocol === "https:"
  const checks: Check[] = []
  if (config.useSecureCookies === false && https) {
    checks.push({
      level: production ? "fail" : "warn",
      subject: "cookies",
      text: "useSecureCookies is false with an https AUTH_URL: the session cookie loses its Secure flag and __Secure- prefix.",
    })
  }
  if (config.useSecureCookies === true && url?.protocol === "http:" && !loopback.test(url.hostname)) {
    checks.push({ level: "fail", subject: "cookies", text: "useSecureCookies is true with a plain http AUTH_URL: browsers drop Secure cookies there, so nobody can sign in." })
  }
  const defaultSecure = config.useSecureCookies ?? https
  for (const [key, cookie] of Object.entries(config.cookies ?? {})) {
    if (!cookie) continue
    const options = cookie.options ?? {}
    const secure = options.secure ?? defaultSecure
    const name = cookie.name ?? key
    const subject = `cookies.${key}`
    if (/^__(Secure|Host)-/.test(name) && !secure) {
      checks.push({ level: "fail", subject, text: `${name} is not Secure: browsers refuse a ${name.slice(0, name.indexOf("-") + 1)} cookie without the Secure flag.` })
    } else if (name.startsWith("__Host-") && (options.domain !== undefined || (options.path ?? "/") !== "/")) {
      checks.push({ level: "fail", subject, text: `${name} has a domain or a path other than /: browsers refuse such a __Host- cookie.` })
    } else if (https && !secure) {
      checks.push({ level: production ? "fail" : "warn", subject, text: "sets secure: false on an https deployment: the cookie would also travel over plain http." })
    } else if (options.sameSite === "none" && !secure) {
      checks.push({ level: "fail", subject, text: "sameSite none without secure: browsers refuse the cookie." })
    }
    if (key === "sessionToken" && options.httpOnly === false) {
      checks.push({ level: "warn", subject, text: "httpOnly is false: any script on the page can read the session cookie." })
    }
  }
  if (!checks.length) {
    const scheme = https
      ? "Secure, with __Secure- and __Host- names (https AUTH_URL)"
      : url
        ? "plain names without Secure (http AUTH_URL)"
        : "Secure on https requests, plain on http ones (no AUTH_URL: decided per request)"
    checks.push({ level: "ok", subject: "cookies", text: `${scheme}${config.cookies ? "; the overridden cookies keep that" : ""}.` })
  }
  return checks
}

export function debugCheck({ config, production }: Situation): Check[] {
  return production && config.debug === true
    ? [{ level: "warn", subject: "debug", text: "debug is on in production: every request writes debug lines to the log." }]
    : []
}
