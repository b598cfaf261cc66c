/**
 * Environment inference from `env(c)` (Hono's `hono/adapter`): `process.env` on Node.js, the bindings passed to
 * `app.fetch(request, env)` on Workers. `setEnvDefaults` and `reqWithEnvUrl` as `@hono/auth-js` exports them, with its
 * `/api/auth` default kept and secret rotation kept.
 */
import GitHub from "@gatehousejs/core/providers/github"
import { decode } from "@gatehousejs/core/jwt"
import { authHandler, getAuthUser, initAuthConfig, reqWithEnvUrl, setEnvDefaults, type AuthConfig, type AuthEnv } from "@gatehousejs/hono"
import { Hono } from "hono"
import { afterEach, describe, expect, it, vi } from "vitest"
import { alice, Browser, readmeApp, SESSION_COOKIE, testConfig, transports } from "./helpers/app.js"

afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe("setEnvDefaults(env, config)", () => {
  const bare = (): AuthConfig => ({ providers: [] })

  it("basePath is /api/auth without AUTH_URL, and with an AUTH_URL at the origin", () => {
    for (const env of [{}, { AUTH_URL: "https://app.example" }, { AUTH_URL: "not a url" }]) {
      const config = bare()
      setEnvDefaults(env as AuthEnv, config)
      expect(config.basePath).toBe("/api/auth")
    }
  })

  it("basePath is the path of AUTH_URL when it has one; a configured basePath wins", () => {
    const config = bare()
    setEnvDefaults({ AUTH_URL: "https://app.example/custom/auth/" } as AuthEnv, config)
    expect(config.basePath).toBe("/custom/auth")
    const configured = { ...bare(), basePath: "/mine" }
    setEnvDefaults({ AUTH_URL: "https://app.example/custom/auth" } as AuthEnv, configured)
    expect(configured.basePath).toBe("/mine")
  })

  it("secrets come from AUTH_SECRET and AUTH_SECRET_1..3, newest first (rotation kept); a configured secret wins", () => {
    const config = bare()
    setEnvDefaults({ AUTH_SECRET: "current", AUTH_SECRET_1: "older" }, config)
    expect(config.secret).toEqual(["older", "current"])
    const configured = { ...bare(), secret: "mine" }
    setEnvDefaults({ AUTH_SECRET: "current" }, configured)
    expect(configured.secret).toBe("mine")
  })

  it("fills provider credentials from AUTH_<ID>_ID / _SECRET, trustHost and the redirect proxy", () => {
    const config: AuthConfig = { providers: [GitHub] }
    setEnvDefaults({ AUTH_SECRET: "s", AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "gh-secret", AUTH_TRUST_HOST: "false", AUTH_REDIRECT_PROXY_URL: "https://proxy.example/api/auth" }, config)
    expect(config.providers[0]).toMatchObject({ id: "github", clientId: "gh-id", clientSecret: "gh-secret" })
    expect(config.trustHost).toBe(false)
    expect(config.redirectProxyUrl).toBe("https://proxy.example/api/auth")
  })
})

describe("reqWithEnvUrl(req, authUrl)", () => {
  it("moves the request to AUTH_URL's origin, keeps path, query, method and body, and drops X-Forwarded-*", async () => {
    const req = new Request("http://10.0.0.5:8787/api/auth/callback/credentials?x=1", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      body: "username=alice",
    })
    const moved = reqWithEnvUrl(req, "https://app.example/api/auth")
    expect(moved.url).toBe("https://app.example/api/auth/callback/credentials?x=1")
    expect(moved.method).toBe("POST")
    expect(moved.headers.get("x-forwarded-host")).toBeNull()
    expect(moved.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    expect(await moved.text()).toBe("username=alice")
  })

  it("without a usable AUTH_URL the request is left as it is (forwarded headers are the engine's to trust or not)", () => {
    const req = new Request("http://localhost/api/auth/session", { headers: { "x-forwarded-host": "app.example" } })
    expect(reqWithEnvUrl(req)).toBe(req)
    expect(reqWithEnvUrl(req, "ftp://app.example")).toBe(req)
  })
})

describe("on Workers: env(c) is the bindings of app.fetch(request, env)", () => {
  it("AUTH_SECRET and AUTH_URL from the bindings: endpoints under AUTH_URL's path, redirects to its origin, the cookie sealed with that secret", async () => {
    // What Hono's env(c) looks at to tell the runtime; the variables of this process are out of the way.
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" })
    for (const name of ["AUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL", "NEXTAUTH_SECRET"]) vi.stubEnv(name, "")
    const bindings = { AUTH_SECRET: "a-worker-binding-secret-0123456789abcdef", AUTH_URL: "https://app.example/custom/auth" }
    const { secret: _none, ...config } = testConfig()
    const app = new Hono()
    app.use("*", initAuthConfig(() => config))
    app.use("/custom/auth/*", authHandler())
    app.get("/me", async (c) => c.json(await getAuthUser(c)))
    // The browser is at the public URL; the Worker sees another origin (a proxy, a route), which AUTH_URL overrides.
    const send = async (request: Request): Promise<Response> => {
      const inside = new URL(request.url.replace("https://app.example", "http://10.0.0.1:8787"))
      const body = request.method === "POST" ? await request.text() : undefined
      return app.fetch(new Request(inside, { method: request.method, headers: request.headers, body }), bindings)
    }
    const browser = new Browser({ origin: "https://app.example", send, close: async () => {} })

    const signIn = await browser.signIn("/custom/auth")
    expect(signIn.headers.get("location")).toBe("https://app.example/")
    const cookieName = `__Secure-${SESSION_COOKIE}`
    const token = await decode({ token: browser.jar.get(cookieName), secret: bindings.AUTH_SECRET, salt: cookieName })
    expect(token).toMatchObject({ sub: alice.id, email: alice.email })
    expect(((await (await browser.get("/me")).json()) as { token: { sub: string } }).token.sub).toBe(alice.id)
  })

  it("NODE_ENV=production only in the bindings: the engine is in production (no secret → its configuration error, no development secret)", async () => {
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" })
    for (const name of ["AUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL", "NEXTAUTH_SECRET", "NODE_ENV"]) vi.stubEnv(name, "")
    const { secret: _none, ...config } = testConfig()
    const app = new Hono()
    app.use("*", initAuthConfig(() => config))
    app.use("/api/auth/*", authHandler())
    const response = await app.fetch(new Request("https://app.example/api/auth/session"), { NODE_ENV: "production" })
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain("dev-secret")
  })
})

describe.each(transports)("on Node.js through %s: env(c) is process.env", (_, start) => {
  it("AUTH_SECRET from process.env seals the session cookie when the configuration has no secret", async () => {
    vi.stubEnv("AUTH_SECRET", "a-process-env-secret-0123456789abcdef")
    const { secret: _none, ...config } = testConfig()
    const transport = await start(readmeApp(config))
    try {
      const browser = new Browser(transport)
      await browser.signIn()
      const token = await decode({ token: browser.jar.get(SESSION_COOKIE), secret: "a-process-env-secret-0123456789abcdef", salt: SESSION_COOKIE })
      expect(token?.email).toBe(alice.email)
      expect((await browser.get("/api/protected")).status).toBe(200)
    } finally {
      await transport.close()
    }
  })
})
