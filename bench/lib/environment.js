/**
 * What the numbers were measured on: Node, CPUs, date, library versions and commit — printed as the header and
 * kept in the JSON so two runs can be compared knowingly.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import os from "node:os"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))

function version(packageJsonPath) {
  try {
    return JSON.parse(readFileSync(new URL(packageJsonPath, `file://${root}`), "utf8")).version
  } catch {
    return "unknown"
  }
}

/** The CPUs this process may run on (Linux), e.g. "0-1", or "0" under `taskset -c 0`. */
function cpuAffinity() {
  try {
    return /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1].trim() ?? "unknown"
  } catch {
    return "unknown"
  }
}

function commit() {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
    return dirty ? `${sha} (+ uncommitted changes)` : sha
  } catch {
    return "unknown"
  }
}

export function describeEnvironment() {
  const cpus = os.cpus()
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    cpuAffinity: cpuAffinity(),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    gcExposed: typeof globalThis.gc === "function",
    gatehouse: version("packages/core/package.json"),
    authjs: version("node_modules/@auth/core/package.json"),
    commit: commit(),
  }
}

export function formatEnvironment(env) {
  return [
    `Gatehouse ${env.gatehouse} vs @auth/core ${env.authjs} — commit ${env.commit}`,
    `${env.date}  node ${env.node} (V8 ${env.v8}), ${env.platform}, ${env.cpus} CPUs: ${env.cpuModel}`,
    `CPU affinity: ${env.cpuAffinity}${/^\d+$/.test(env.cpuAffinity) ? " (pinned: Auth.js's Web Crypto thread-pool hand-offs stay on one core)" : ""}; ` +
      `load average at start: ${env.loadAverage.join(" ")}${env.loadAverage[0] > env.cpus * 0.5 ? "  (busy machine: see bench/README.md on noise)" : ""}`,
  ].join("\n")
}
