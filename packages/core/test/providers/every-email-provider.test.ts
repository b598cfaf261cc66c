/**
 * Issue 14: every e-mail provider that sends through an HTTP API sends its service's documented request (described in
 * `stand-in/email-specs/<id>.ts`) through its `[customFetch]`, the link in it signs the user in, the API key comes from
 * `apiKey` or `AUTH_<ID>_KEY`, and a refusal or a missing key ends in `EmailSignin` with a logged reason that never
 * contains the key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ORIGIN } from "../helpers/auth.js"
import { API_KEY, checkSendRequest, followLink, freshAddress, requestLinkThroughStandIn, type EmailStandIn } from "./stand-in/email-harness.js"

const modules = import.meta.glob<{ default: EmailStandIn | EmailStandIn[] }>("./stand-in/email-specs/*.ts", { eager: true })
const specs = Object.values(modules).flatMap((module) => (Array.isArray(module.default) ? module.default : [module.default]))
const cases = specs.map((spec) => [spec.name, spec] as const)
const VERIFY = `${ORIGIN}/auth/verify-request`
const FAILED = `${ORIGIN}/auth/signin?error=EmailSignin`

/** `AUTH_<ID>_KEY` for a provider id. */
const keyVariable = (spec: EmailStandIn): string => `AUTH_${spec.provider({}).id.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_KEY`

// Links are built from the configured origin only (RT-02).
beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`))
afterEach(() => vi.unstubAllEnvs())

describe("every e-mail provider against its stand-in", () => {
  it("has stand-ins", () => {
    expect(specs.length).toBeGreaterThan(0)
  })

  it.each(cases)("%s: sends the documented request with the link, and the link signs the user in", async (_name, spec) => {
    const email = freshAddress(spec.name)
    const requested = await requestLinkThroughStandIn(spec, email)
    expect(requested.location, requested.logged).toMatch(new RegExp(`^${VERIFY}\\?`))
    const link = checkSendRequest(spec, requested, email)
    await followLink(requested.browser, link, email)
  })

  it.each(cases)("%s: the API key comes from AUTH_<ID>_KEY when not passed", async (_name, spec) => {
    const key = "key-from-the-environment-51d0"
    vi.stubEnv(keyVariable(spec), key)
    const email = freshAddress(spec.name)
    const requested = await requestLinkThroughStandIn(spec, email, { options: { apiKey: undefined } })
    expect(requested.location, requested.logged).toMatch(new RegExp(`^${VERIFY}\\?`))
    checkSendRequest(spec, requested, email, key)
  })

  it.each(cases)("%s: a refusal by the service is EmailSignin, logged with its reason and without the key", async (_name, spec) => {
    const requested = await requestLinkThroughStandIn(spec, freshAddress(spec.name), { answer: spec.refused })
    expect(requested.sent).toHaveLength(1)
    expect(requested.location).toBe(FAILED)
    expect(requested.logged).toContain(`HTTP ${spec.refused.status}`)
    expect(requested.logged).toContain(spec.refused.reason)
    expect(requested.logged).not.toContain(API_KEY)
  })

  it.each(cases)("%s: a refusal that echoes the API key is logged with the key blanked out", async (_name, spec) => {
    const echo = `API key ${API_KEY} is not valid`
    const answer = { status: 401, body: { message: echo, Message: echo, errors: [{ message: echo }] } }
    const requested = await requestLinkThroughStandIn(spec, freshAddress(spec.name), { answer })
    expect(requested.location).toBe(FAILED)
    expect(requested.logged).toContain("API key [redacted] is not valid")
    expect(requested.logged).not.toContain(API_KEY)
  })

  it.each(cases)("%s: without an API key nothing is sent and the log names AUTH_<ID>_KEY", async (_name, spec) => {
    const requested = await requestLinkThroughStandIn(spec, freshAddress(spec.name), { options: { apiKey: undefined } })
    expect(requested.sent).toEqual([])
    expect(requested.location).toBe(FAILED)
    expect(requested.logged).toContain(keyVariable(spec))
  })

  const misconfigured = specs.flatMap((spec) => (spec.misconfigured ?? []).map((entry) => [spec.name, entry.logged, spec, entry] as const))
  it.each(misconfigured)("%s: refuses to send when misconfigured (%s)", async (_name, _logged, spec, entry) => {
    const requested = await requestLinkThroughStandIn(spec, freshAddress(spec.name), { options: entry.options })
    expect(requested.sent).toEqual([])
    expect(requested.location).toBe(FAILED)
    expect(requested.logged).toContain(entry.logged)
    expect(requested.logged).not.toContain(API_KEY)
  })
})
