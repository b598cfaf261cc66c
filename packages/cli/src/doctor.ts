/**
 * `gatehousejs doctor`: loads the app's auth configuration with the app's env files, checks what the engine cannot
 * check for itself (is this secret fit for production? is AUTH_URL https?), runs the app's own engine on it to
 * collect every configuration problem, and prints the callback URL to register for each provider.
 */
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { parseArgs } from "node:util"
import {
  cookieChecks,
  debugCheck,
  DEV_SECRET_PATH,
  publicUrl,
  secretCheck,
  secretSources,
  trustHostCheck,
  urlCheck,
  type Check,
  type Situation,
} from "./doctor-checks.js"
import { probeEngine, type EngineFindings } from "./engine-probe.js"
import { frameworkBasePath, projectOrigin } from "./project-origin.js"
import { loadEnvFiles } from "./env-files.js"
import type { ExitCode, Io } from "./io.js"
import { CONFIG_FILES, loadAuthConfig, type LoadedConfig } from "./load-config.js"
import { formatCheck, secretHider } from "./report.js"

export const DOCTOR_HELP = `Usage: npx gatehousejs doctor [options]

Checks the app's auth configuration as the app would load it (with .env.local and .env), and prints the callback
URL to register for each provider. One line per check: ok, warn or fail; the exit code is 1 when any check fails.
Secrets are never printed: only whether they are set, and their length.

Run it with NODE_ENV=production to check a deployment's settings.

Options:
  --config <file>     the module that exports the configuration (default: the first of
                      ${CONFIG_FILES.filter((file) => file.endsWith(".ts")).join(", ")}, or .js/.mjs)
  --url <url>         check as if AUTH_URL were this (the deployment's public URL)
  --base-path <path>  where the auth routes are mounted, when neither the configuration's basePath nor AUTH_URL's
                      path says (default: /api/auth in a Next.js app, else /auth)
  -h, --help          show this help
`

interface DoctorOptions {
  config?: string
  url?: string
  "base-path"?: string
  help?: boolean
}

/** Where the origin comes from when there is no AUTH_URL: `next dev`'s and most dev servers' default. */
export async function doctorCommand(argv: readonly string[], io: Io): Promise<ExitCode> {
  let values: DoctorOptions
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: { config: { type: "string" }, url: { type: "string" }, "base-path": { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    io.err(`gatehousejs doctor: ${(error as Error).message}\n\n${DOCTOR_HELP}`)
    return 2
  }
  if (values.help) {
    io.out(DOCTOR_HELP)
    return 0
  }
  if (values.url !== undefined && !/^https?:\/\/[^/]/i.test(values.url)) {
    io.err("gatehousejs doctor: --url needs an http:// or https:// URL, e.g. --url https://app.example.com\n")
    return 2
  }
  if (values["base-path"] !== undefined && !values["base-path"].startsWith("/")) {
    io.err("gatehousejs doctor: --base-path needs a path starting with /, e.g. --base-path /api/auth\n")
    return 2
  }

  const cwd = process.cwd()
  const env = process.env
  let envFiles: string[]
  let loaded: LoadedConfig
  try {
    envFiles = loadEnvFiles(cwd, env).files
    if (values.url !== undefined) env.AUTH_URL = values.url
    loaded = await loadAuthConfig(cwd, values.config)
  } catch (error) {
    // A ConfigLoadError's message is its line; anything else (an unreadable env file) is cut to its first line.
    const message = error instanceof Error ? error.message : String(error)
    io.err(secretHider(env, [])(`gatehousejs doctor: ${message.split("\n")[0]}\n`))
    return 1
  }

  const production = env.NODE_ENV === "production"
  const situation: Situation = { config: loaded.config, env, production, devSecret: readDevSecret(cwd) }
  const { name: urlName, raw: rawUrl, url } = publicUrl(env)
  const basePath = normaliseBasePath(values["base-path"] ?? loaded.config.basePath ?? (url && url.pathname !== "/" ? url.pathname : frameworkBasePath(cwd)))
  const { origin, source } = projectOrigin(cwd, env, url, values.url !== undefined ? "--url" : urlName)
  // An AUTH_URL the engine refuses: no callback URL is shown, since none would be built from it (urlCheck fails).
  const invalidUrl = rawUrl !== undefined && !url

  const own: Check[] = [secretCheck(situation), urlCheck(situation), trustHostCheck(situation), ...cookieChecks(situation), ...debugCheck(situation)]
  const secretMissing = secretSources(loaded.config, env).length === 0
  const findings = await probeEngine(loaded.core, loaded.config, {
    origin,
    basePath,
    // Outside production the engine would make (and write) a development secret; doctor reports the gap instead.
    engineSecret: secretMissing && !production ? "gatehousejs-doctor-placeholder-secret-0123456789" : undefined,
  })

  const hide = secretHider(env, secretSources(loaded.config, env).map((source) => source.value))
  const heading =
    `gatehousejs doctor: ${loaded.file} (${loaded.exportName === "default" ? "default export" : `export ${loaded.exportName}`}), ` +
    `NODE_ENV=${env.NODE_ENV ?? "unset (development)"}, env files: ${envFiles.length ? envFiles.join(", ") : "none"}, ` +
    (invalidUrl ? `routes: unknown until ${urlName} is fixed` : `routes at ${origin}${basePath} (${source})`)
  const checks = [...own, ...engineChecks(findings, own, invalidUrl)]
  io.out([hide(heading), ...checks.map((check) => formatCheck(check, { color: io.color, hide }))].join("\n") + "\n")
  return checks.some((check) => check.level === "fail") ? 1 : 0
}

/**
 * The engine's findings as report lines. A missing secret and an untrusted host are reported by doctor's own checks
 * (with what to do about them); the engine's line for the same problem is left out only when that check failed too.
 */
function engineChecks(findings: EngineFindings, own: Check[], invalidUrl: boolean): Check[] {
  const failed = new Set(own.filter((check) => check.level === "fail").map((check) => check.subject))
  const covered: Record<string, string> = { MissingSecretError: "secret", MissingSecret: "secret", UntrustedHost: "trustHost" }
  const checks: Check[] = []
  for (const problem of findings.problems) {
    const subject = covered[problem.type]
    if (subject && failed.has(subject)) continue
    if (invalidUrl && problem.code === "InvalidEnvUrl") continue
    checks.push({ level: "fail", subject: `configuration (${problem.type})`, text: problem.message })
  }
  for (const warning of findings.warnings) {
    checks.push({ level: "warn", subject: `engine warning ${warning.code}`, text: warning.message ?? warningTexts[warning.code] ?? "see the Gatehouse documentation for this code." })
  }
  if (invalidUrl) {
    checks.push({ level: "fail", subject: "providers", text: "callback URLs are not shown until AUTH_URL is a valid URL: they are built from it." })
    return checks
  }
  if (!findings.providers) {
    checks.push({ level: "fail", subject: "providers", text: "the engine does not list them until the configuration problems above are fixed." })
    return checks
  }
  if (!findings.providers.length) checks.push({ level: "warn", subject: "providers", text: "none configured: nobody can sign in." })
  for (const provider of findings.providers) {
    const subject = `provider ${provider.id} (${provider.type})`
    if (provider.type === "oauth" || provider.type === "oidc") {
      const note = findings.placeholders ? " (listed although its configuration is not complete yet)" : ""
      checks.push({ level: "ok", subject, text: `callback URL to register with the provider: ${provider.callbackUrl}${note}` })
    } else {
      checks.push({ level: "ok", subject, text: "no callback URL to register." })
    }
  }
  return checks
}

/** Short meanings of the engine's start-up warning codes that come without a text of their own. */
const warningTexts: Record<string, string> = {
  "checks-disabled": "a provider has checks: [] - its sign-in has no PKCE, state or nonce protection.",
  "csrf-disabled": "CSRF protection is off (skipCSRFCheck); only server-side integrations should do this.",
  "experimental-webauthn": "WebAuthn is experimental: it may change in a minor release.",
  "theme-logo-refused": "theme.logo is not shown: use an https:// URL, a same-origin path or a data:image URL.",
  "env-url-basepath-redundant": "both AUTH_URL's path and basePath are set; basePath wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath; basePath wins.",
}

function normaliseBasePath(path: string): string {
  const withSlash = path.startsWith("/") ? path : `/${path}`
  return withSlash.replace(/\/+$/, "")
}

/** The development secret the engine generated for this project, if any (the nearest directory with one). */
function readDevSecret(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    try {
      return readFileSync(join(dir, ...DEV_SECRET_PATH.split("/")), "utf8").trim() || undefined
    } catch {
      if (dirname(dir) === dir) return undefined
    }
  }
}
