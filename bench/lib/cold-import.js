/**
 * Cold import: the time `await import(<package>)` takes in a fresh Node process (OS file cache warm, module
 * cache empty), measured inside the child so process start-up is not counted. Children for the two packages
 * alternate, A B then B A, like the in-process rounds; the first pair is a discarded warm-up.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { summarize } from "./stats.js"

const root = fileURLToPath(new URL("../..", import.meta.url))

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

function importOnce(specifier) {
  const code = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t))`
  let child
  for (let attempt = 1; ; attempt++) {
    child = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" })
    // A concurrent `npm run build` empties dist/ for a few seconds; wait for it rather than fail the run.
    if (child.status === 0 || attempt === 5 || !child.stderr.includes("ERR_MODULE_NOT_FOUND")) break
    sleepSync(2000)
  }
  if (child.status !== 0) throw new Error(`import(${JSON.stringify(specifier)}) failed in a child process:\n${child.stderr}`)
  const ms = Number(child.stdout)
  if (!Number.isFinite(ms)) throw new Error(`import(${JSON.stringify(specifier)}) printed ${JSON.stringify(child.stdout)}`)
  return ms
}

/** `{ [name]: summary }` for `packages` (`[{ name, specifier }]`), `runs` imports each. */
export function measureColdImport(packages, runs) {
  for (const p of packages) importOnce(p.specifier)
  const samples = Object.fromEntries(packages.map((p) => [p.name, []]))
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? packages : [...packages].reverse()
    for (const p of order) samples[p.name].push(importOnce(p.specifier))
  }
  const results = {}
  for (const p of packages) {
    const total = samples[p.name].reduce((a, b) => a + b, 0)
    const perRound = samples[p.name].map((ms) => Math.round((1000 / ms) * 100) / 100)
    results[p.name] = { ...summarize(samples[p.name], total), rounds: runs, warmupSeconds: 0, perRound }
  }
  return results
}
