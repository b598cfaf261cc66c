/**
 * The Qwik City example as it is deployed: built by Qwik's optimizer (`vite build`, then the Node.js server build),
 * then served by `dist/server/entry.node-server.js` on a free loopback port. Through its pages, without JavaScript (plain
 * form posts): sign in with the form on `/`, see `/protected/`, sign out. With JavaScript the same forms go through
 * Qwik City's client; that path is tested in packages/qwik/test.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const dir = fileURLToPath(new URL("../", import.meta.url))
// The example's own Vite (7: Qwik 1.x's range), not the one running these tests.
const vite = join(dir, "node_modules", "vite", "bin", "vite.js")

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}:\n${stderr}`))))
  })
}

let server: ChildProcess | undefined
let origin = ""

beforeAll(async () => {
  await run([vite, "build"])
  await run([vite, "build", "-c", "adapters/node-server/vite.config.ts"])
  server = spawn(process.execPath, ["dist/server/entry.node-server.js"], {
    cwd: dir,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", AUTH_SECRET: "qwik-example-test-secret-0123456789-0123456789" },
    stdio: ["ignore", "pipe", "inherit"],
  })
  origin = await new Promise<string>((resolve, reject) => {
    server?.stdout?.on("data", (chunk: Buffer) => {
      const port = /localhost:(\d+)/.exec(chunk.toString())?.[1]
      if (port) resolve(`http://127.0.0.1:${port}`)
    })
    server?.on("exit", (code) => reject(new Error(`the server exited with ${code}`)))
  })
}, 180_000)

afterAll(() => {
  server?.kill()
})

/** Cookies kept as a browser keeps them; redirects not followed. */
const jar = new Map<string, string>()
async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "))
  const response = await fetch(new URL(path, origin), { ...init, headers, redirect: "manual" })
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";")
    const name = pair.slice(0, pair.indexOf("="))
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name)
    else jar.set(name, pair.slice(pair.indexOf("=") + 1))
  }
  return response
}

/** Posts the page's form whose button has `buttonId`, with `fields` filled in, as a browser without JavaScript does. */
async function submit(path: string, buttonId: string, fields: Record<string, string> = {}): Promise<Response> {
  const html = await (await send(path)).text()
  const form = [...html.matchAll(/<form\b[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].find(([, , body]) => body?.includes(`id="${buttonId}"`))
  if (!form) throw new Error(`no form with #${buttonId} on ${path}`)
  const body = new URLSearchParams()
  for (const [, name, value] of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.set(name!, value!)
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  const action = new URL(form[1]!.replaceAll("&amp;", "&"), new URL(path, origin))
  return send(`${action.pathname}${action.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body,
  })
}

describe("the Qwik City example (built, on Node.js)", () => {
  it("signed out: the home page offers the sign-in form, the protected page sends to the sign-in page", async () => {
    expect(await (await send("/")).text()).toContain('<span id="who">Signed out</span>')
    const guarded = await send("/protected/")
    expect(guarded.status).toBe(302)
    expect(guarded.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: `${origin}/protected/` })}`)
    expect((await send("/auth/signin")).status).toBe(200)
  })

  it("a wrong password goes to the sign-in page with the error", async () => {
    const response = await submit("/", "sign-in", { "options.username": "alice", "options.password": "nope" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`)
  })

  it("signs in with the form on the home page, shows the protected page, signs out with the header's form", async () => {
    const signIn = await submit("/", "sign-in", { "options.username": "alice", "options.password": "wonderland" })
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get("location")).toBe(`${origin}/protected`)
    const page = await (await send("/protected/")).text()
    expect(page).toMatch(/<p id="secret"[^>]*>Only for <!--t=\w+-->alice@example\.com/)

    const signOut = await submit("/protected/", "sign-out")
    expect(signOut.status).toBe(303)
    expect(signOut.headers.get("location")).toBe(`${origin}/`)
    expect(jar.has("authjs.session-token")).toBe(false)
    expect((await send("/protected/")).status).toBe(302)
  })

  it("the browser's bundle holds none of the server's code (the engine, the configuration, the users)", () => {
    const build = join(dir, "dist", "build")
    for (const file of readdirSync(build)) {
      expect(readFileSync(join(build, file), "utf8"), file).not.toMatch(/password:"wonderland"|authorize|authjs\.session-token|oauth4webapi/)
    }
  })
})
