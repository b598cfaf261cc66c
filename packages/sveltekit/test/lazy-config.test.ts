/**
 * `SvelteKitAuth(async (event) => config)`: the configuration read from the event (Cloudflare's `event.platform.env`)
 * by `handle` and by each action; and SvelteKit's build (`building`), during which nothing is read at all.
 */
import { kit, resetKit } from "./helpers/sveltekit-modules.js"
import type { RequestEvent } from "@sveltejs/kit"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { SvelteKitAuth, type SvelteKitAuthConfig } from "../src/index.js"
import { alice, SESSION_COOKIE, testConfig } from "./helpers/config.js"
import { Browser, createApp, formAction, type Route } from "./helpers/server.js"

beforeEach(() => resetKit())

const sessionPage: Route = async (event) => Response.json({ session: await event.locals.auth() })

/** Two tenants behind one app, each with its own secret from `event.platform.env`. */
function tenantApp(platform: { env: { AUTH_SECRET: string } }, lazy: (event: RequestEvent) => Promise<SvelteKitAuthConfig>): Browser {
  const { handle, signIn, signOut } = SvelteKitAuth(lazy)
  return new Browser(createApp(handle, { "/": sessionPage, "/signin": formAction(signIn), "/signout": formAction(signOut) }, { platform }))
}

describe("a lazy configuration", () => {
  it("is built from the event for handle, locals.auth() and both actions", async () => {
    const lazy = vi.fn(async (event: RequestEvent) => {
      const { env } = event.platform as { env: { AUTH_SECRET: string } }
      return testConfig({ secret: env.AUTH_SECRET })
    })
    const browser = tenantApp({ env: { AUTH_SECRET: "tenant-one-secret-that-is-long-enough-0123456789" } }, lazy)

    await browser.post("/signin", { providerId: "credentials", username: alice.username, password: alice.password, redirectTo: "/" })
    expect(await (await browser.get("/")).json()).toMatchObject({ session: { user: { email: alice.email } } })
    await browser.post("/signout", { redirectTo: "/" })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    // handle and the action each build the configuration, as @auth/sveltekit does: once per use, with that event.
    expect(lazy).toHaveBeenCalledTimes(5)
    for (const [event] of lazy.mock.calls) expect(event.platform).toEqual({ env: { AUTH_SECRET: "tenant-one-secret-that-is-long-enough-0123456789" } })
  })

  it("a session made under one tenant's secret is no session under another's", async () => {
    const one = tenantApp({ env: { AUTH_SECRET: "tenant-one-secret-that-is-long-enough-0123456789" } }, async (event) =>
      testConfig({ secret: (event.platform as { env: { AUTH_SECRET: string } }).env.AUTH_SECRET }),
    )
    await one.post("/signin", { providerId: "credentials", username: alice.username, password: alice.password, redirectTo: "/" })
    const two = tenantApp({ env: { AUTH_SECRET: "tenant-two-secret-that-is-long-enough-0123456789" } }, async (event) =>
      testConfig({ secret: (event.platform as { env: { AUTH_SECRET: string } }).env.AUTH_SECRET }),
    )
    two.jar.set(SESSION_COOKIE, one.jar.get(SESSION_COOKIE) ?? "")
    expect(await (await two.get("/")).json()).toEqual({ session: null })
  })

  it("a lazy configuration that throws: every request is answered the generic 500, the log names the error's type only", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const { handle } = SvelteKitAuth(async () => {
      throw new Error("the vault is unreachable")
    })
    const app = createApp(handle, { "/": sessionPage })
    const response = await app.send(new Request(`${app.origin}/`))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: expect.stringContaining("problem with the server configuration") })
    expect(log).toHaveBeenCalledWith("[gatehouse][error] The lazy configuration function threw Error; no request can be answered.")
    expect(log.mock.calls.flat().join("\n")).not.toContain("the vault is unreachable")
    log.mockRestore()
  })
})

describe("while SvelteKit builds (building)", () => {
  it("reads no configuration: locals.auth() is null, the endpoints are left to the app, the actions do nothing", async () => {
    kit.building = true
    const lazy = vi.fn(async () => testConfig())
    const { handle, signIn, signOut } = SvelteKitAuth(lazy)
    const prerendered: Route = async (event) => Response.json({ session: await event.locals.auth(), getSession: await event.locals.getSession() })
    const browser = new Browser(
      createApp(handle, { "/": prerendered, "/auth/signin": () => new Response("the app's page"), "/signin": formAction(signIn), "/signout": formAction(signOut) }),
    )

    expect(await (await browser.get("/")).json()).toEqual({ session: null, getSession: null })
    expect(await (await browser.get("/auth/signin")).text()).toBe("the app's page")
    const action = await browser.post("/signin", { providerId: "credentials", username: alice.username, password: alice.password })
    expect(await action.json()).toEqual({ type: "success", data: null })
    expect(await (await browser.post("/signout", {})).json()).toEqual({ type: "success", data: null })
    expect(lazy).not.toHaveBeenCalled()
    expect(browser.jar.size).toBe(0)
  })
})
