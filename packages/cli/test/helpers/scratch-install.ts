/**
 * A scratch directory laid out like an app's install, so that the bin runs as users run it, as a child process:
 * `node_modules/gatehousejs` and `node_modules/@gatehousejs/{core,pg-adapter,sqlite-adapter,redis-adapter}` are the packages'
 * sources transpiled (so the tests need no `npm run build`, and never race one), and their third-party dependencies
 * are links into the repository's `node_modules`. Projects are directories inside it, so they resolve those packages.
 */
import { spawn } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const packages = fileURLToPath(new URL("../../../", import.meta.url))
const repositoryModules = join(packages, "..", "node_modules")

/** Workspace directory → the name it is installed under. */
const INSTALLED = {
  cli: "gatehousejs",
  core: "@gatehousejs/core",
  "pg-adapter": "@gatehousejs/pg-adapter",
  "sqlite-adapter": "@gatehousejs/sqlite-adapter",
  "redis-adapter": "@gatehousejs/redis-adapter",
}
const THIRD_PARTY = ["jiti", "jose", "oauth4webapi", "pg", "better-sqlite3", "ioredis"]

export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

export interface ScratchInstall {
  root: string
  bin: string
  /** A new project directory under the install, with `files` written into it (paths relative to it). */
  project(files?: Record<string, string>): string
  /** Runs `gatehousejs …args` in `cwd` with `env` added to a clean environment (no AUTH_* or DATABASE_URL leaks in). */
  run(cwd: string, args: string[], env?: Record<string, string | undefined>): Promise<Run>
  remove(): void
}

/** Builds the install; `with` limits it to some packages (the CLI is always there). */
export function scratchInstall(options: { with?: (keyof typeof INSTALLED)[] } = {}): ScratchInstall {
  const root = mkdtempSync(join(tmpdir(), "gatehousejs-cli-"))
  const modules = join(root, "node_modules")
  const wanted = new Set<keyof typeof INSTALLED>(["cli", ...(options.with ?? ["core", "pg-adapter", "sqlite-adapter", "redis-adapter"])])
  for (const workspace of wanted) transpilePackage(join(packages, workspace), join(modules, INSTALLED[workspace]))
  for (const name of THIRD_PARTY) symlinkSync(join(repositoryModules, name), join(modules, name), "dir")
  const bin = join(modules, "gatehousejs", "dist", "bin.js")
  let projects = 0

  return {
    root,
    bin,
    project(files = {}) {
      const dir = join(root, `project-${++projects}`)
      mkdirSync(dir)
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        writeFileSync(join(dir, path), text)
      }
      return dir
    },
    run: (cwd, args, env = {}) => runNode([bin, ...args], cwd, env),
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}

/** package.json, README, and `src/**.ts` transpiled into `dist/` (module syntax kept: the packages are ESM). */
function transpilePackage(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  cpSync(join(from, "package.json"), join(to, "package.json"))
  for (const file of walk(join(from, "src"))) {
    if (!file.endsWith(".ts")) continue
    const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    })
    const target = join(to, "dist", relative(join(from, "src"), file)).replace(/\.ts$/, ".js")
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, outputText)
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** The variables a developer's shell may have that would change what the CLI sees. */
const LEAKY = /^(AUTH_|NEXTAUTH_|DATABASE_URL$|NODE_ENV$|VERCEL|CF_PAGES$|NO_COLOR$|FORCE_COLOR$)/

export function runNode(args: string[], cwd: string, env: Record<string, string | undefined>, command = process.execPath): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !LEAKY.test(name)))
  const merged = Object.fromEntries(Object.entries({ ...clean, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: merged as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })
}
