/**
 * Issue 12 item 2: in development without a secret, one secret per project, shared by every bundle and process of it
 * (Next.js runs the proxy, the route handlers and the server components as separate module instances). It is generated
 * once into `node_modules/.cache/gatehousejs/dev-secret` of the project; production still refuses to run without one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AuthConfig } from "@gatehousejs/core"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { credentialsProvider, users } from "../helpers/auth.js"

let project: string

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "gatehouse-project-"))
  writeFileSync(join(project, "package.json"), "{}")
  mkdirSync(join(project, "app", "deep"), { recursive: true })
  vi.spyOn(process, "cwd").mockReturnValue(join(project, "app", "deep"))
  vi.stubEnv("NODE_ENV", "development")
  for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "NEXTAUTH_SECRET"]) vi.stubEnv(name, "")
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  rmSync(project, { recursive: true, force: true })
})

/** A fresh module instance of the core, as a separate Next.js bundle (or process) would load it. */
async function freshCore(): Promise<typeof import("@gatehousejs/core")> {
  vi.resetModules()
  return import("@gatehousejs/core")
}

const quiet = (): NonNullable<AuthConfig["logger"]> => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })
const config = (logger = quiet()): AuthConfig => ({ trustHost: true, basePath: "/auth", providers: [credentialsProvider()], logger })
const ORIGIN = "http://localhost:3000"

function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ")
}

describe("development secret", () => {
  it("in development without AUTH_SECRET, two module instances of one project share one secret: a session cookie written by one is read by the other", async () => {
    const proxy = await freshCore()
    const routeHandler = await freshCore()
    expect(proxy.Auth).not.toBe(routeHandler.Auth)

    const csrf = await routeHandler.Auth(new Request(`${ORIGIN}/auth/csrf`), config())
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const signIn = await routeHandler.Auth(
      new Request(`${ORIGIN}/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf) },
        body: new URLSearchParams({ csrfToken, username: "alice", password: users.alice!.password }),
      }),
      config(),
    )
    const sessionCookie = cookiesOf(signIn)
    expect(sessionCookie).toContain("authjs.session-token=")

    const session = await proxy.Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: sessionCookie } }), config())
    expect(await session.json()).toMatchObject({ user: { name: "Alice" } })
  })

  it("the secret is generated once into node_modules/.cache/gatehousejs/dev-secret at the project root, readable by its owner only", async () => {
    const core = await freshCore()
    await core.Auth(new Request(`${ORIGIN}/auth/csrf`), config())
    const file = join(project, "node_modules", ".cache", "gatehousejs", "dev-secret")
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it("an existing project secret is used as it is, not replaced", async () => {
    const dir = join(project, "node_modules", ".cache", "gatehousejs")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "dev-secret"), `${"ab".repeat(32)}\n`, { mode: 0o600 })
    vi.resetModules()
    const { resolveConfig } = await import("../../src/config/resolve.js")
    expect(resolveConfig(config()).secrets).toEqual(["ab".repeat(32)])
  })

  it("the warning says the secret is shared by the project and that production needs AUTH_SECRET", async () => {
    const logger = quiet()
    const core = await freshCore()
    await core.Auth(new Request(`${ORIGIN}/auth/csrf`), config(logger))
    expect(logger.warn).toHaveBeenCalledWith("ephemeral-secret", expect.stringContaining("node_modules/.cache/gatehousejs/dev-secret"))
    expect(logger.warn).toHaveBeenCalledWith("ephemeral-secret", expect.stringContaining("AUTH_SECRET"))
  })

  it("on a runtime without a file system (edge), each process keeps its own secret and the warning says so", async () => {
    const builtin = process.getBuiltinModule.bind(process)
    vi.spyOn(process, "getBuiltinModule").mockImplementation(((id: string) => (id === "node:fs" || id === "node:path" ? undefined : builtin(id))) as typeof process.getBuiltinModule)
    const logger = quiet()
    const core = await freshCore()
    const response = await core.Auth(new Request(`${ORIGIN}/auth/csrf`), config(logger))
    expect(response.status).toBe(200)
    expect(logger.warn).toHaveBeenCalledWith("ephemeral-secret", expect.stringMatching(/no file system.*each process/))
    expect(() => statSync(join(project, "node_modules", ".cache", "gatehousejs", "dev-secret"))).toThrow()
  })

  it("in production without a secret nothing is generated: MissingSecret, as before", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const logger = quiet()
    const core = await freshCore()
    const response = await core.Auth(new Request(`${ORIGIN}/auth/session`), config(logger))
    expect(response.status).toBe(500)
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ type: "MissingSecret" }))
    expect(() => statSync(join(project, "node_modules", ".cache", "gatehousejs", "dev-secret"))).toThrow()
  })
})
