/**
 * When `getAccessToken` refreshes, decided on the configuration's clock (`ResolvedConfig.now`), frozen here through the
 * internal `clock` key instead of with fake timers: the real `oidc-provider` on loopback keeps its own time. The
 * access token lives an hour; the default margin is 60 s (docs/token-refresh.md).
 */
import { Gatehouse, type AuthConfig } from "@gatehousejs/core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import { clock } from "../../src/symbols.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { deliver, startSignIn } from "../oauth/flow.js"
import { TestOp } from "../oauth/op.js"

let op: TestOp
beforeAll(async () => {
  op = await TestOp.start({ refresh: { accessTokenTtl: 3600 } })
})
afterAll(() => op.close())
beforeEach(() => clearDiscoveryCache())

/** A configuration whose clock reads `frozen.at` (milliseconds), signed in at the OP. */
async function signedIn(frozen: { at: number }): Promise<{ gatehouse: ReturnType<typeof Gatehouse>; browser: Browser }> {
  const config = { ...testConfig({ providers: [op.gatehouseProvider()] }), [clock]: () => frozen.at } as AuthConfig
  const browser = new Browser(config)
  const { authorizationUrl } = await startSignIn(browser, "op")
  const response = await deliver(browser, await op.authorize(authorizationUrl!))
  expect(response.headers.get("location")).not.toContain("error=")
  return { gatehouse: Gatehouse(config), browser }
}

const page = (browser: Browser): Request => new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })
const refreshes = (): number => op.requests.filter((r) => r.method === "POST" && r.path === "/token").length

describe("the refresh margin, on a frozen clock", () => {
  it("an access token with 90 s left is handed out as it is; with 30 s left it is refreshed first", async () => {
    const frozen = { at: Date.now() }
    const { gatehouse, browser } = await signedIn(frozen)
    const first = await gatehouse.getAccessToken(page(browser), "op", { minValidity: 0 })
    const expiresAt = first!.expiresAt! * 1000
    const count = refreshes()

    frozen.at = expiresAt - 90_000
    expect((await gatehouse.getAccessToken(page(browser), "op"))!.accessToken).toBe(first!.accessToken)
    expect(refreshes()).toBe(count)

    frozen.at = expiresAt - 30_000
    const refreshed = await gatehouse.getAccessToken(page(browser), "op")
    expect(refreshes()).toBe(count + 1)
    expect(refreshed!.accessToken).not.toBe(first!.accessToken)
  })

  it("a caller's minValidity counts on the same clock: 30 s left is enough for minValidity 20, not for 40", async () => {
    const frozen = { at: Date.now() }
    const { gatehouse, browser } = await signedIn(frozen)
    const first = await gatehouse.getAccessToken(page(browser), "op", { minValidity: 0 })
    frozen.at = first!.expiresAt! * 1000 - 30_000
    const count = refreshes()

    expect((await gatehouse.getAccessToken(page(browser), "op", { minValidity: 20 }))!.accessToken).toBe(first!.accessToken)
    expect(refreshes()).toBe(count)
    expect((await gatehouse.getAccessToken(page(browser), "op", { minValidity: 40 }))!.accessToken).not.toBe(first!.accessToken)
    expect(refreshes()).toBe(count + 1)
  })
})
