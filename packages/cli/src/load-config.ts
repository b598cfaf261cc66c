/**
 * Finding and loading the app's auth configuration for `doctor`: the module (TypeScript too, through jiti), the export
 * that holds the configuration, and the app's own `@gatehousejs/core` from the same module graph, so that the engine
 * `doctor` runs is the one the configuration was written against (one instance: its symbols and classes match).
 */
import { existsSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import type { Jiti } from "jiti"
import { resolvePackage } from "./project-modules.js"
import { tsconfigAliases } from "./tsconfig-paths.js"

/** Where the configuration is looked for, in order, when `--config` is not given. */
export const CONFIG_FILES = ["auth.config", "auth", "src/auth.config", "src/auth"].flatMap((base) =>
  [".ts", ".js", ".mjs"].map((extension) => `${base}${extension}`),
)

/** The exports that may hold the configuration, in order. */
export const CONFIG_EXPORTS = ["default", "config", "authConfig", "authOptions"] as const

/** Where `NextAuth()` and `Gatehouse()` results keep the configuration they were given. */
export const CONFIG_SYMBOL = Symbol.for("gatehousejs.config")

/** The parts of an `AuthConfig` / `NextAuthConfig` that `doctor` reads itself; the engine reads the rest. */
export interface AuthConfigLike {
  providers?: unknown
  secret?: string | string[]
  basePath?: string
  trustHost?: boolean
  useSecureCookies?: boolean
  cookies?: Record<string, { name?: string; options?: CookieOptionsLike } | undefined>
  debug?: boolean
  [key: string]: unknown
}

export interface CookieOptionsLike {
  secure?: boolean
  httpOnly?: boolean
  sameSite?: string | boolean
  domain?: string
  path?: string
}

/** What `doctor` uses of `@gatehousejs/core`. */
export interface CoreModule {
  Auth(request: Request, config: object): Promise<Response>
}

export interface LoadedConfig {
  /** Relative to the working directory. */
  file: string
  exportName: string
  config: AuthConfigLike
  core: CoreModule
}

/** The configuration could not be found, imported or recognised: `message` is the one line to show. */
export class ConfigLoadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ConfigLoadError"
  }
}

export async function loadAuthConfig(cwd: string, explicit: string | undefined): Promise<LoadedConfig> {
  const path = explicit === undefined ? CONFIG_FILES.map((file) => join(cwd, file)).find((file) => existsSync(file)) : resolve(cwd, explicit)
  if (!path) {
    throw new ConfigLoadError(`no auth configuration found: looked for ${CONFIG_FILES.join(", ")}. Name the file with --config <file>.`)
  }
  const file = relative(cwd, path) || path
  if (!existsSync(path)) throw new ConfigLoadError(`${file} does not exist.`)

  // Loaded here, not at start-up: the other commands need no TypeScript loader.
  const { createJiti } = await import("jiti")
  // Caches off: `doctor` writes nothing into the project. One jiti instance, so core is shared with the config.
  const jiti = createJiti(join(cwd, "gatehousejs-doctor.js"), { fsCache: false, interopDefault: false, alias: tsconfigAliases(cwd) })
  let exports: Record<string, unknown>
  try {
    exports = (await jiti.import(path)) as Record<string, unknown>
  } catch (error) {
    throw new ConfigLoadError(`${file} could not be loaded: ${firstLine(error)}`)
  }
  const { exportName, config } = await pickConfig(exports, file)
  return { file, exportName, config, core: await loadCore(cwd, jiti) }
}

/** The first export that is (or carries, or returns) a configuration. */
async function pickConfig(exports: Record<string, unknown>, file: string): Promise<{ exportName: string; config: AuthConfigLike }> {
  const named = CONFIG_EXPORTS.find((name) => exports[name] !== undefined && exports[name] !== null)
  // `export const { handlers, auth } = NextAuth(…)`: the result's parts may carry the configuration too.
  const carrier = Object.keys(exports).find((name) => carries(exports[name]))
  const exportName = named ?? carrier
  if (exportName === undefined) {
    if (exports.handlers !== undefined || exports.auth !== undefined) throw noSymbol(file)
    throw new ConfigLoadError(
      `${file} exports no auth configuration: export it as the default export, or as ${CONFIG_EXPORTS.slice(1).join(", ")}.`,
    )
  }
  const value = exports[exportName]
  let config: unknown = carries(value) ? (value as Record<symbol, unknown>)[CONFIG_SYMBOL] : value
  if (typeof config === "function") {
    // A lazy configuration, called as the framework calls it outside a request.
    try {
      config = await (config as (request: undefined) => unknown)(undefined)
    } catch (error) {
      throw new ConfigLoadError(`${file}: ${exportName}, called as a lazy configuration, threw: ${firstLine(error)}`)
    }
  }
  if (isConfig(config)) return { exportName, config }
  if (isFrameworkResult(value)) throw noSymbol(file)
  throw new ConfigLoadError(`${file}: the export ${exportName} is not an auth configuration (an object with providers, or a function returning one).`)
}

function carries(value: unknown): boolean {
  return (typeof value === "object" || typeof value === "function") && value !== null && CONFIG_SYMBOL in value
}

function isConfig(value: unknown): value is AuthConfigLike {
  return typeof value === "object" && value !== null && "providers" in value
}

/** `{ handlers, auth, signIn, signOut }`: what NextAuth() and Gatehouse() return. */
function isFrameworkResult(value: unknown): boolean {
  return typeof value === "object" && value !== null && "handlers" in value && "auth" in value
}

function noSymbol(file: string): ConfigLoadError {
  return new ConfigLoadError(
    `${file} exports a NextAuth() or Gatehouse() result, which does not carry its configuration in this version. ` +
      "Export the configuration object from auth.config.ts (export default { providers: [...] }), pass it to NextAuth(), " +
      "and run doctor again (or point --config at that file).",
  )
}

/**
 * The app's `@gatehousejs/core`, through the same jiti instance as the configuration (so it is the very module the
 * configuration imported). An app on `@gatehousejs/next` alone has it as that package's dependency.
 */
async function loadCore(cwd: string, jiti: Jiti): Promise<CoreModule> {
  let entry: string | undefined
  try {
    entry = resolvePackage("@gatehousejs/core", cwd)
    const next = entry ? undefined : resolvePackage("@gatehousejs/next", cwd)
    if (next) entry = resolvePackage("@gatehousejs/core", next, { fromFile: true })
  } catch (error) {
    throw new ConfigLoadError(`could not load @gatehousejs/core: ${firstLine(error)}`)
  }
  if (!entry) {
    throw new ConfigLoadError("@gatehousejs/core is not installed in this project (doctor runs the app's own engine). Add it with: npm install @gatehousejs/core")
  }
  try {
    const core = (await jiti.import(entry)) as Partial<CoreModule>
    if (typeof core.Auth !== "function") throw new Error("it has no Auth export")
    return core as CoreModule
  } catch (error) {
    throw new ConfigLoadError(`could not load @gatehousejs/core: ${firstLine(error)}`)
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return (message.split("\n").find((line) => line.trim() !== "") ?? message).trim()
}
