/**
 * `@gatehousejs/sveltekit/webauthn`'s `signIn("passkey")` in a page: the ceremony's options come from
 * `{base}/auth/webauthn-options/passkey` and the result is posted to `{base}/auth/callback/passkey` with the CSRF token
 * (`@auth/sveltekit/webauthn` used paths without `/auth`, refused the id `passkey` and sent no token). The browser's
 * authenticator is `@simplewebauthn/browser`'s, stood in for here; the engine's verification is real, so a made-up
 * assertion is refused as a verification error — not as a missing CSRF token or an unknown endpoint.
 */
import { resetKit } from "./helpers/sveltekit-modules.js"
import Passkey from "@gatehousejs/core/providers/passkey"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterEach, beforeEach, expect, it, vi } from "vitest"
import { SvelteKitAuth } from "../src/index.js"
import { signIn } from "../src/webauthn.js"
import { alice, testConfig } from "./helpers/config.js"
import { Browser, createApp } from "./helpers/server.js"

const ceremony = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
vi.mock("@simplewebauthn/browser", () => ceremony)

beforeEach(() => resetKit())
afterEach(() => vi.unstubAllGlobals())

function page(): { browser: Browser; requests: string[] } {
  const adapter = SqliteAdapter({ filename: ":memory:" })
  adapter.migrate()
  const { handle } = SvelteKitAuth(testConfig({ adapter, session: { strategy: "jwt" }, experimental: { enableWebAuthn: true }, providers: [Passkey(), ...testConfig().providers] }))
  const browser = new Browser(createApp(handle))
  const requests: string[] = []
  vi.stubGlobal("window", { location: { href: `${browser.app.origin}/account`, reload: vi.fn() } })
  vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? "GET"} ${input.split("?")[0]}`)
    return browser.send(input, { method: init.method, headers: init.headers as Record<string, string>, body: init.body?.toString() })
  })
  return { browser, requests }
}

it("runs the authentication ceremony against /auth and posts its result with the CSRF token", async () => {
  const { requests } = page()
  ceremony.startAuthentication.mockResolvedValue({ id: "made-up", rawId: "made-up", type: "public-key", response: {}, clientExtensionResults: {} })
  const result = await signIn("passkey", { redirect: false })

  expect(ceremony.startAuthentication).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: expect.any(String) }) })
  expect(requests).toEqual(["GET /auth/providers", "GET /auth/webauthn-options/passkey", "GET /auth/csrf", "POST /auth/callback/passkey"])
  expect(result).toMatchObject({ error: "WebAuthnVerificationError", ok: true, url: null })
})

it("a cancelled ceremony sends nothing and resolves to WebAuthnVerificationError", async () => {
  const { requests } = page()
  vi.spyOn(console, "error").mockImplementation(() => {})
  ceremony.startAuthentication.mockRejectedValue(new Error("NotAllowedError: the user cancelled"))
  expect(await signIn("passkey", { redirect: false })).toEqual({ error: "WebAuthnVerificationError", code: undefined, status: 0, ok: false, url: null })
  expect(requests).not.toContain("POST /auth/callback/passkey")
})

it("hands any other provider to the client signIn", async () => {
  const { browser, requests } = page()
  ceremony.startAuthentication.mockClear()
  const result = await signIn("credentials", { username: alice.username, password: alice.password, redirect: false })
  expect(result).toMatchObject({ error: undefined, ok: true, url: `${browser.app.origin}/account` })
  expect(requests).toEqual(["GET /auth/providers", "GET /auth/providers", "GET /auth/csrf", "POST /auth/callback/credentials"])
  expect(ceremony.startAuthentication).not.toHaveBeenCalled()
})
