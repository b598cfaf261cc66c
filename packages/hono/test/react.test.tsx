// @vitest-environment happy-dom
/**
 * `@gatehousejs/hono/react`, as `@hono/auth-js/react`: the values it exports, `authConfigManager` sending the client's
 * requests where it says, and `useOauthPopupLogin` opening the provider's page in a popup and closing it when the
 * callback page reports back.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { act, cleanup, render, renderHook } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import * as react from "../src/react.js"
import { authConfigManager, SessionProvider, useOauthPopupLogin } from "../src/react.js"

const API = "https://api.example.com/auth"

/** A stand-in for the auth endpoints at `API`: the URLs asked for, and the answers of a GitHub-only configuration. */
function stubEndpoints(): string[] {
  const asked: string[] = []
  const json = (body: unknown): Response => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } })
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    asked.push(`${init?.method ?? "GET"} ${url}`)
    if (url === `${API}/providers`) return json({ github: { id: "github", name: "GitHub", type: "oauth", signinUrl: `${API}/signin/github`, callbackUrl: `${API}/callback/github` } })
    if (url === `${API}/csrf`) return json({ csrfToken: "token" })
    if (url === `${API}/signin/github`) return json({ url: "https://github.com/login/oauth/authorize?client_id=id" })
    if (url === `${API}/session`) return json(null)
    return new Response("not found", { status: 404 })
  })
  return asked
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  authConfigManager.setConfig({ baseUrl: "", basePath: "/api/auth" })
})

describe("@gatehousejs/hono/react", () => {
  it("exports every value @hono/auth-js/react exports", () => {
    // Read without the shared helper: under happy-dom, URL is the DOM's, which the helper's file URLs do not suit.
    const fixture = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "hono-auth-js-1.1.1.json"), "utf8")) as { names: Record<string, { values: string[] }> }
    expect(Object.keys(react)).toEqual(expect.arrayContaining(fixture.names["./react"]!.values))
  })

  it("authConfigManager: /api/auth on the page's origin by default; an absolute basePath sets the origin too", () => {
    expect(authConfigManager.getConfig()).toEqual({ baseUrl: "", basePath: "/api/auth", credentials: "same-origin" })
    authConfigManager.setConfig({ basePath: `${API}/` })
    expect(authConfigManager.getConfig()).toEqual({ baseUrl: "https://api.example.com", basePath: "/auth", credentials: "same-origin" })
  })

  it("authConfigManager warns of credentials other than same-origin, which the client does not send", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    authConfigManager.setConfig({ credentials: "include" })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('credentials "include" is not supported'))
    authConfigManager.setConfig({ credentials: "same-origin" })
  })

  it("SessionProvider sends the client's requests where authConfigManager says", async () => {
    const asked = stubEndpoints()
    authConfigManager.setConfig({ baseUrl: "https://api.example.com", basePath: "/auth" })
    await act(async () => {
      render(<SessionProvider>page</SessionProvider>)
    })
    expect(asked).toContain(`GET ${API}/session`)
  })

  it("useOauthPopupLogin opens the provider's page in a popup, and closes it when the callback page reports success", async () => {
    const asked = stubEndpoints()
    authConfigManager.setConfig({ basePath: API })
    await act(async () => {
      render(<SessionProvider session={null}>page</SessionProvider>)
    })
    const popup = { close: vi.fn() }
    const open = vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window)
    const onSuccess = vi.fn()
    const { result } = renderHook(() => useOauthPopupLogin("github", { onSuccess, callbackUrl: "/done" }))
    expect(result.current.status).toBe("loading")

    await act(async () => {
      await result.current.popUpSignin()
    })
    expect(asked).toContain(`POST ${API}/signin/github`)
    expect(open).toHaveBeenCalledWith("https://github.com/login/oauth/authorize?client_id=id", "Signin", expect.stringContaining("width=500,height=500"))

    await act(async () => {
      window.dispatchEvent(new MessageEvent("message", { origin: "https://elsewhere.example", data: { status: "success" } }))
    })
    expect(onSuccess).not.toHaveBeenCalled()
    await act(async () => {
      window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { status: "success" } }))
    })
    expect(result.current.status).toBe("success")
    expect(onSuccess).toHaveBeenCalledOnce()
    expect(popup.close).toHaveBeenCalled()
  })
})
