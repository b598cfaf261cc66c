/**
 * Wire compatibility with @auth/core 0.41 at the endpoint level: users move between the libraries without being
 * signed out, in both directions, across secret rotation and chunked cookies.
 */
import { Auth as AuthJs } from "@auth/core"
import AuthJsCredentials from "@auth/core/providers/credentials"
import { decode as authJsDecode, encode as authJsEncode } from "@auth/core/jwt"
import { Auth } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"
import { Browser, ORIGIN, SECRET, testConfig } from "../helpers/auth.js"

const NAME = "__Secure-authjs.session-token"
const claims = { name: "Alice", email: "alice@example.com", picture: "https://img.example/a.png", sub: "u1" }

function authJsConfig(secret: string | string[] = SECRET): Parameters<typeof AuthJs>[1] {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [AuthJsCredentials({ credentials: {}, authorize: () => ({ id: "u1", name: "Alice", email: "alice@example.com" }) })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
}

async function gatehouseSession(cookie: string, secret: string | string[] = SECRET): Promise<Response> {
  return Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }), testConfig({ secret }))
}

describe("interop with @auth/core 0.41", () => {
  it("a session cookie made by @auth/core encode is accepted by Gatehouse /session", async () => {
    const token = await authJsEncode({ token: claims, secret: SECRET, salt: NAME })
    const response = await gatehouseSession(`${NAME}=${token}`)
    expect(await response.json()).toMatchObject({ user: { name: "Alice", email: "alice@example.com", image: claims.picture } })
  })

  it("a session cookie Gatehouse sets decodes with @auth/core decode and passes @auth/core /session", async () => {
    const browser = new Browser(testConfig())
    await browser.signIn()
    const token = browser.jar.get(NAME)!
    expect(await authJsDecode({ token, secret: SECRET, salt: NAME })).toMatchObject({ name: "Alice", email: "alice@example.com", sub: "u1" })
    const response = await AuthJs(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${NAME}=${token}` } }), authJsConfig())
    expect(await response.json()).toMatchObject({ user: { name: "Alice", email: "alice@example.com" } })
  })

  it("secret rotation: an @auth/core cookie under the old secret is accepted with [new, old] and re-issued under the new one", async () => {
    const token = await authJsEncode({ token: claims, secret: "old-secret", salt: NAME })
    const response = await gatehouseSession(`${NAME}=${token}`, ["new-secret", "old-secret"])
    expect(await response.json()).toMatchObject({ user: { name: "Alice" } })
    const reissued = response.headers.getSetCookie().find((c) => c.startsWith(`${NAME}=`))
    expect(reissued, "a token under a retired secret is re-issued at once").toBeDefined()
    const value = reissued!.split(";")[0]!.slice(NAME.length + 1)
    expect(await authJsDecode({ token: value, secret: "new-secret", salt: NAME })).toMatchObject({ sub: "u1" })
  })

  it("secret rotation: a Gatehouse cookie made with [new, old] is read by @auth/core with [new, old] and [new]", async () => {
    const browser = new Browser(testConfig({ secret: ["new-secret", "old-secret"] }))
    await browser.signIn()
    const token = browser.jar.get(NAME)!
    expect(await authJsDecode({ token, secret: ["new-secret", "old-secret"], salt: NAME })).toMatchObject({ sub: "u1" })
    expect(await authJsDecode({ token, secret: "new-secret", salt: NAME })).toMatchObject({ sub: "u1" })
  })

  it("chunked cookies from @auth/core are reassembled by Gatehouse", async () => {
    const big = { ...claims, blob: "x".repeat(9000) }
    const authJsResponse = await AuthJs(
      new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${NAME}=${await authJsEncode({ token: big, secret: SECRET, salt: NAME })}` } }),
      authJsConfig(),
    )
    const chunks = authJsResponse.headers
      .getSetCookie()
      .filter((c) => c.startsWith(`${NAME}.`) && !c.includes("Max-Age=0"))
      .map((c) => c.split(";")[0]!)
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    const response = await gatehouseSession(chunks.join("; "))
    expect(await response.json()).toMatchObject({ user: { name: "Alice" } })
  })

  it("chunked cookies from Gatehouse are reassembled by @auth/core", async () => {
    const config = testConfig({ callbacks: { jwt: ({ token }) => ({ ...token, blob: "y".repeat(9000) }) } })
    const browser = new Browser(config)
    await browser.signIn()
    const chunks = [...browser.jar].filter(([name]) => name.startsWith(`${NAME}.`))
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    const cookie = chunks.map(([k, v]) => `${k}=${v}`).join("; ")
    const response = await AuthJs(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }), authJsConfig())
    expect(await response.json()).toMatchObject({ user: { name: "Alice" } })
  })

  it("the CSRF cookie format is shared: a token minted by @auth/core signs out of Gatehouse", async () => {
    const csrfResponse = await AuthJs(new Request(`${ORIGIN}/auth/csrf`), authJsConfig())
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
    const csrfCookie = csrfResponse.headers.getSetCookie()[0]!.split(";")[0]!
    const browser = new Browser(testConfig())
    await browser.signIn()
    const [name, value] = csrfCookie.split(/=(.*)/s) as [string, string]
    browser.jar.set(name, value)
    const response = await browser.request("/signout", { body: { csrfToken } })
    expect(response.status).toBe(302)
    expect(await browser.session()).toBeNull()
  })
})
