/**
 * An example started as its own `npm start` starts it (`node scripts/with-demo-idp.mjs start`: the Demo IdP, then the
 * app) in a child process, on ephemeral ports (the app's and the Demo IdP's) with a SQLite file in a temporary
 * directory; and the small process helpers the browser tests share.
 *
 * @example
 * const app = await startChildApp({ example: "sveltekit", startArgs: ["scripts/with-demo-idp.mjs", "start"], readyPath: "/auth/providers" })
 * // { url: "http://localhost:41234", idp: { issuer }, serverLog, output, close }
 */
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const examplesDir = fileURLToPath(new URL("../examples/", import.meta.url))

/**
 * Runs `node <startArgs>` in `examples/<example>` with `env` added to this process's environment (plus PORT, IDP_PORT
 * and EXAMPLE_DB), and resolves once the script has printed the Demo IdP's issuer and the app answers 200 at
 * `readyPath` (within `timeoutMs`). Resolves to `{ url, idp: { issuer }, serverLog, output, close }`: `serverLog`
 * holds `[level, what]` pairs from the server's output (Gatehouse's `[gatehouse][error] <Type>` lines, and the
 * `[auth][error] <Type>` / `[auth][warn][<code>]` lines of an app's Auth.js-style logger, as `["error", "<Type>"]` /
 * `["warn", "<code>"]`; Next.js's own `⨯` error lines as `["error", "<line>"]`), `output` every line.
 */
export async function startChildApp({ example, startArgs, env = {}, readyPath, timeoutMs = 30_000 }) {
  const directory = await mkdtemp(join(tmpdir(), `gatehouse-e2e-${example}-`))
  const port = await freePort()
  const url = `http://localhost:${port}`
  const serverLog = []
  const output = []
  const child = spawn(process.execPath, startArgs, {
    cwd: join(examplesDir, example),
    // Its own process group: `close()` stops the script, the IdP, the app and the app's workers together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, PORT: String(port), IDP_PORT: "0", EXAMPLE_DB: join(directory, `${example}.sqlite`) },
  })
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))
  let issuer
  const onLine = (line) => {
    output.push(line)
    const text = line.replace(/\x1b\[[0-9;]*m/g, "") // eslint-disable-line no-control-regex -- ANSI colours
    issuer ??= /Demo IdP \(OpenID Provider\) at (http:\/\/127\.0\.0\.1:\d+)\//.exec(text)?.[1]
    const logged = /\[(?:gatehouse|auth)\]\[(error|warn)\](?:\[([\w-]+)\])? ?(\w+)?/.exec(text)
    if (logged) serverLog.push([logged[1], logged[2] ?? logged[3]])
    else if (/^\s*⨯/.test(text)) serverLog.push(["error", text.trim()])
  }
  readLines(child.stdout, onLine)
  readLines(child.stderr, onLine)

  const close = async () => {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
    }, 5_000)
    await exited
    clearTimeout(timer)
    await rm(directory, { recursive: true, force: true })
  }

  try {
    await waitUntil(async () => {
      const ended = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 0, null))])
      if (ended) throw new Error(`it exited (${JSON.stringify(ended)})`)
      if (!issuer) return false
      const response = await fetch(`${url}${readyPath}`).catch(() => undefined)
      return response?.status === 200
    }, timeoutMs)
  } catch (error) {
    await close()
    throw new Error(`The example examples/${example} did not start: ${error.message}\n${output.join("\n")}`)
  }
  return { url, idp: { issuer }, serverLog, output, close }
}

/** A TCP port free on loopback right now (the OS picks it; it is released before the app binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "localhost", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Calls `onLine` with each line of `stream` (a last line without a newline included). */
export function readLines(stream, onLine) {
  let rest = ""
  stream.setEncoding("utf8")
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n")
    rest = lines.pop()
    lines.forEach(onLine)
  })
  stream.on("end", () => rest && onLine(rest))
}

/** Resolves once `condition()` resolves truthy, checking every `intervalMs`; rejects after `timeoutMs`. */
export async function waitUntil(condition, timeoutMs, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
