// @vitest-environment happy-dom
/**
 * `signIn` of `@gatehousejs/next/webauthn` against a real Gatehouse instance with the Passkey provider: the options
 * request, the browser ceremony (`@simplewebauthn/browser`, played by a software authenticator), and the callback POST
 * with the CSRF token; other providers are handed to `@gatehousejs/next/react`.
 */
import Passkey from "@gatehousejs/core/providers/passkey"
import { signIn } from "@gatehousejs/next/webauthn"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterEach, describe, expect, test, vi } from "vitest"
import { SoftAuthenticator } from "../../core/test/webauthn/authenticator.js"
import { watchNavigation } from "./react/helpers/page.js"
import { startServer, testConfig } from "./react/helpers/server.js"

const device = vi.hoisted(() => ({ current: undefined as undefined | { create: (o: never) => { json: unknown }; get: (o: never) => unknown }, cancel: false }))

vi.mock("@simplewebauthn/browser", () => ({
  startRegistration: async ({ optionsJSON }: { optionsJSON: never }) => {
    if (device.cancel) throw Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" })
    return device.current!.create(optionsJSON).json
  },
  startAuthentication: async ({ optionsJSON }: { optionsJSON: never }) => device.current!.get(optionsJSON),
}))

function passkeyServer(): ReturnType<typeof startServer> & { adapter: ReturnType<typeof SqliteAdapter> } {
  const adapter = SqliteAdapter({ filename: ":memory:" })
  adapter.migrate()
  const server = startServer(testConfig({ adapter, experimental: { enableWebAuthn: true }, providers: [Passkey] }))
  device.current = new SoftAuthenticator(window.location.origin, window.location.hostname) as never
  device.cancel = false
  return Object.assign(server, { adapter })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("signIn from @gatehousejs/next/webauthn", () => {
  test("registers a passkey for a new address: options with action=register and the email, then the callback with action, data and the CSRF token", async () => {
    const server = passkeyServer()
    const result = await signIn("passkey", { action: "register", email: "new@example.com", redirect: false })
    expect(result).toMatchObject({ error: undefined, ok: true, status: 200 })
    expect(server.requests.some((r) => r.method === "GET" && r.path === "/api/auth/webauthn-options/passkey?action=register&email=new%40example.com")).toBe(true)
    const post = server.requests.find((r) => r.method === "POST" && r.path === "/api/auth/callback/passkey")!
    const form = new URLSearchParams(post.body)
    expect(form.get("action")).toBe("register")
    expect(JSON.parse(form.get("data")!)).toHaveProperty("response.attestationObject")
    expect(form.get("csrfToken")).toMatch(/^[0-9a-f]{64}$/)
    expect(post.headers.get("x-auth-return-redirect")).toBe("1")
    const user = await server.adapter.getUserByEmail("new@example.com")
    expect(await server.adapter.listAuthenticatorsByUserId(user!.id)).toHaveLength(1)
  })

  test("then signs in with it (authenticate) and navigates to the callback URL", async () => {
    const server = passkeyServer()
    await signIn("passkey", { action: "register", email: "back@example.com", redirect: false })
    server.jar.delete("authjs.session-token")
    const navigation = watchNavigation()
    await signIn("passkey", { email: "back@example.com", redirectTo: "/dashboard" })
    const post = server.requests.filter((r) => r.method === "POST" && r.path === "/api/auth/callback/passkey").at(-1)!
    expect(new URLSearchParams(post.body).get("action")).toBe("authenticate")
    expect(navigation.hrefs().at(-1)).toBe(`${window.location.origin}/dashboard`)
    expect(server.jar.has("authjs.session-token")).toBe(true)
  })

  test("a cancelled ceremony posts nothing and resolves to an error with redirect: false", async () => {
    const server = passkeyServer()
    device.cancel = true
    vi.spyOn(console, "error").mockImplementation(() => {})
    const result = await signIn("passkey", { email: "cancel@example.com", redirect: false })
    expect(result).toMatchObject({ ok: false, error: "WebAuthnVerificationError" })
    expect(server.requests.some((r) => r.method === "POST")).toBe(false)
  })

  test("a provider that is not WebAuthn is signed in by @gatehousejs/next/react", async () => {
    const server = startServer()
    const result = await signIn("credentials", { username: "alice", password: "correct horse battery staple", redirect: false })
    expect(result).toMatchObject({ ok: true, error: undefined })
    expect(server.requests.some((r) => r.method === "POST" && r.path === "/api/auth/callback/credentials")).toBe(true)
  })
})
