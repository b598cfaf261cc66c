/**
 * Next.js route handlers never see the connection's address, so per-client rate limits need the proxy trusted: the
 * engine's one-time `rate-limit-no-client-address` warning leads with that advice (issue 25 item 8).
 */
import { clientAddressHint } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"
import { nextEngine } from "../../src/config.js"

describe("the configuration @gatehousejs/next gives the engine", () => {
  it("carries Next.js's advice for an unknown client address, and stays one object per configuration", async () => {
    const config = { providers: [] }
    const engine = nextEngine(config)
    const derived = await engine.configFor(undefined)
    expect(derived[clientAddressHint]).toMatch(/^Next\.js route handlers and server actions do not see the connection's address: .*rateLimit\.trustedProxies/)
    expect(await engine.configFor(undefined)).toBe(derived)
    expect(derived.basePath).toBe("/api/auth")
  })
})
