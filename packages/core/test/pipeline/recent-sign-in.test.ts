/**
 * An entry's `recentSignIn` (the coming step-up endpoints declare it): the pipeline lets a session through only within
 * that many seconds of its sign-in, else refuses it as `stale-sign-in` — for JSON callers 401, for the browser flows a
 * redirect to the sign-in page that comes back here. Decided on the configuration's clock, frozen through the internal
 * `clock` key.
 */
import type { AuthConfig } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"
import { resolveConfig } from "../../src/config/resolve.js"
import { json } from "../../src/http/response.js"
import type { Route } from "../../src/pipeline/route.js"
import { runRoute } from "../../src/pipeline/run.js"
import { serverContext } from "../../src/pipeline/server-request.js"
import { clock } from "../../src/symbols.js"
import { BASE, Browser, ORIGIN, testConfig } from "../helpers/auth.js"

const frozen = { at: Date.UTC(2026, 10, 28, 12) }

function route(answers: Route["answers"]): Route {
  return { method: "GET", path: "/step-up", recentSignIn: 300, answers, handle: (_, given) => json({ userId: given.signedIn?.userId }) }
}

async function setUp(): Promise<{ config: AuthConfig; request: Request }> {
  // JWT sessions record their sign-in time once `absoluteMaxAge` is set (session-registry/jwt-gate.ts).
  const config = { ...testConfig({ session: { strategy: "jwt", absoluteMaxAge: 86_400 } }), [clock]: () => frozen.at } as AuthConfig
  const browser = new Browser(config)
  expect((await browser.signIn()).status).toBe(302)
  return { config, request: new Request(`${ORIGIN}/account`, { headers: { cookie: browser.cookieHeader() } }) }
}

describe("recentSignIn", () => {
  it("passes within its seconds, with the signed-in user handed to the handler; refuses after", async () => {
    const { config, request } = await setUp()
    const resolved = resolveConfig(config)
    const run = async (answers: Route["answers"]) => runRoute(serverContext(resolved, request, { method: "GET", action: "session" }).ctx, route(answers))

    frozen.at += 299_000
    expect(await run("json")).toMatchObject({ status: 200, body: { userId: "u1" } })

    frozen.at += 2_000
    expect(await run("json")).toMatchObject({ status: 401, body: { error: "Unauthorized", reason: "stale-sign-in" } })
    const redirect = await run("redirect")
    const target = new URL(redirect.redirect!)
    expect(target.pathname).toBe(`${BASE}/signin`)
    expect(target.searchParams.get("callbackUrl")).toMatch(new RegExp(`^${ORIGIN}${BASE}/session`))
  })

  it("refuses a signed-out request as signed-out, not stale", async () => {
    const resolved = resolveConfig(testConfig())
    const ctx = serverContext(resolved, new Request(`${ORIGIN}/account`), { method: "GET", action: "session" }).ctx
    expect(await runRoute(ctx, route("json"))).toMatchObject({ status: 401, body: { reason: "signed-out" } })
  })
})
