/**
 * The development secret when none is configured: one per project, not one per module instance. Next.js loads the
 * proxy, the route handlers and the server components as separate bundles, each with its own copy of this module; a
 * secret made up per copy meant that a cookie written by one was cleared by the next (issue 12). So the secret is
 * generated once into `node_modules/.cache/gatehousejs/dev-secret` (git-ignored with `node_modules`, owner-only) and
 * every bundle and process of the project reads the same file.
 *
 * Core is Web-standard: `node:fs` and `node:path` are loaded through `process.getBuiltinModule`, only here and only
 * when there is no secret outside production. A runtime without them (edge) gets a per-process secret, and the
 * warning says so.
 */
import { randomHex } from "../runtime/random.js"

type Fs = typeof import("node:fs")
type Path = typeof import("node:path")

export const DEV_SECRET_PATH = "node_modules/.cache/gatehousejs/dev-secret"

export interface DevSecret {
  secret: string
  /** Where it is kept for the whole project, or `undefined` when it lives only in this process. */
  file?: string
}

const secretPattern = /^[0-9a-f]{64}$/

let cached: DevSecret | undefined

/** The project's development secret, read or created on first use and then kept for this module instance. */
export function devSecret(): DevSecret {
  cached ??= projectSecret() ?? { secret: randomHex(32) }
  return cached
}

function projectSecret(): DevSecret | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown; cwd?: () => string } }).process
  try {
    const fs = proc?.getBuiltinModule?.("node:fs") as Fs | undefined
    const path = proc?.getBuiltinModule?.("node:path") as Path | undefined
    const cwd = proc?.cwd?.()
    if (!fs || !path || !cwd) return undefined
    const file = path.join(projectRoot(fs, path, cwd), ...DEV_SECRET_PATH.split("/"))
    const secret = read(fs, file) ?? create(fs, path, file)
    return secret ? { secret, file } : undefined
  } catch {
    // A read-only or odd file system: this process keeps its own secret, as on the edge.
    return undefined
  }
}

/** The nearest directory, from `cwd` upwards, with a `package.json` or a `node_modules`; else `cwd` itself. */
function projectRoot(fs: Fs, path: Path, cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json")) || fs.existsSync(path.join(dir, "node_modules"))) return dir
    if (path.dirname(dir) === dir) return cwd
  }
}

function read(fs: Fs, file: string): string | undefined {
  try {
    const value = fs.readFileSync(file, "utf8").trim()
    return secretPattern.test(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Writes a new secret without ever exposing a half-written file, and so that two processes starting together agree:
 * the secret goes to a private temporary file, which is then hard-linked to the final name. A link never replaces an
 * existing file, so the first process to link wins, and everyone (the winner included) re-reads the file.
 */
function create(fs: Fs, path: Path, file: string): string | undefined {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const existing = read(fs, file)
  if (existing) return existing
  const temporary = `${file}.${randomHex(8)}.tmp`
  fs.writeFileSync(temporary, `${randomHex(32)}\n`, { mode: 0o600, flag: "wx" })
  try {
    fs.linkSync(temporary, file)
  } catch (error) {
    // EEXIST: another process won, unless what is there is not a secret (a broken file is replaced). Anything else:
    // a file system without hard links, where a rename is the next best thing.
    if ((error as { code?: string }).code !== "EEXIST" || !read(fs, file)) fs.renameSync(temporary, file)
  } finally {
    fs.rmSync(temporary, { force: true })
  }
  return read(fs, file)
}
