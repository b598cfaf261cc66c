/**
 * Real concurrency for SQLite: worker threads, each with its own adapter and connection to one file, released at
 * the same instant. (Calls on one connection cannot interleave: better-sqlite3 is synchronous.)
 *
 * Workers cannot load TypeScript, so the adapter's sources are transpiled (types stripped, nothing bundled) into a
 * temporary directory that links to the repository's node_modules for better-sqlite3.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import ts from "typescript"

const src = fileURLToPath(new URL("../../src/", import.meta.url))
const nodeModules = fileURLToPath(new URL("../../../../node_modules/", import.meta.url))

/** Writes the adapter as plain ES modules into `dir`; returns the URL of its entry point. */
export function compileAdapter(dir: string): string {
  mkdirSync(dir, { recursive: true })
  symlinkSync(nodeModules, join(dir, "node_modules"), "dir")
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }))
  for (const file of readdirSync(src).filter((name) => name.endsWith(".ts"))) {
    const { outputText } = ts.transpileModule(readFileSync(join(src, file), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    })
    writeFileSync(join(dir, file.replace(/\.ts$/, ".js")), outputText)
  }
  return pathToFileURL(join(dir, "index.js")).href
}

/** What each worker does once released: consume every token it is given, in order; report the ones it got. */
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads")
;(async () => {
  const { SqliteAdapter } = await import(workerData.module)
  const adapter = SqliteAdapter({ filename: workerData.filename })
  adapter.migrate()
  const gate = new Int32Array(workerData.gate)
  Atomics.add(gate, 1, 1)
  Atomics.wait(gate, 0, 0)
  const won = []
  for (const key of workerData.tokens) {
    if (await adapter.useVerificationToken(key)) won.push(key.token)
  }
  adapter.close()
  parentPort.postMessage(won)
})().catch((error) => { throw error })
`

/**
 * Starts `workers` threads that all try to consume the same `tokens` from `filename` at once; resolves with the
 * tokens each worker got.
 */
export async function raceUseVerificationToken(options: {
  module: string
  filename: string
  workers: number
  tokens: { identifier: string; token: string }[]
}): Promise<string[][]> {
  const gate = new SharedArrayBuffer(8)
  const flags = new Int32Array(gate)
  const results = Array.from({ length: options.workers }, () => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { module: options.module, filename: options.filename, tokens: options.tokens, gate },
    })
    return new Promise<string[]>((resolve, reject) => {
      worker.once("message", resolve)
      worker.once("error", reject)
    })
  })
  while (Atomics.load(flags, 1) < options.workers) await new Promise((resolve) => setTimeout(resolve, 5))
  Atomics.store(flags, 0, 1)
  Atomics.notify(flags, 0)
  return Promise.all(results)
}
