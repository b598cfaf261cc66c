/**
 * Issue 12: what `npm start` prints on a first run. A taken port (most web developers have something on 3000) is named
 * with the variable that moves it, in two lines, without a stack trace; and no "use Node 22" warning from
 * oidc-provider, since Node 20.18 is supported. `server.js` runs as a child process, as `npm start` runs it (it loads
 * the built `@gatehousejs/*` packages: `npm test` builds first).
 */
import { spawn } from "node:child_process"
import { createServer, type Server } from "node:net"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"

const serverJs = fileURLToPath(new URL("../server.js", import.meta.url))
const blockers: Server[] = []

afterEach(async () => {
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A port something else already listens on. */
async function takenPort(): Promise<number> {
  const server = createServer()
  blockers.push(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return (server.address() as { port: number }).port
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the demo until it exits, or until it says it listens (then stops it). */
function runDemo(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverJs], {
      env: { ...process.env, NODE_ENV: "development", DEMO_DB: ":memory:", AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000)
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk
      if (stdout.includes("go to the outbox")) child.kill("SIGTERM")
    })
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk))
    child.on("error", reject)
    child.on("exit", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe("npm start on a first run", () => {
  it("with the app's port taken, the demo says which port and how to choose another (PORT=…), without a stack trace, and exits 1", async () => {
    const port = await takenPort()
    const run = await runDemo({ PORT: String(port), IDP_PORT: "0" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Port ${port} is already in use`)
    expect(run.stderr).toMatch(/PORT=\d+ npm start/)
    expect(run.stderr).not.toMatch(/^\s+at /m)
    expect(run.stderr).not.toContain("EADDRINUSE")
    expect(run.stderr.trim().split("\n")).toHaveLength(2)
  })

  it("with the Demo IdP's port taken, it names IDP_PORT", async () => {
    const port = await takenPort()
    const run = await runDemo({ PORT: "0", IDP_PORT: String(port) })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`port ${port} is already in use`)
    expect(run.stderr).toMatch(/IDP_PORT=\d+ npm start/)
    expect(run.stderr).not.toMatch(/^\s+at /m)
  })

  it("a normal start prints no 'Unsupported runtime. Use Node.js v22' warning from oidc-provider (Node 20.18 is supported)", async () => {
    const run = await runDemo({ PORT: "0", IDP_PORT: "0" })
    expect(run.stdout).toContain("Gatehouse demo listening on")
    expect(`${run.stdout}${run.stderr}`).not.toContain("Unsupported runtime")
  })
})
