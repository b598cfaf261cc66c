/**
 * Style rule 10: an app without WebAuthn never loads `@simplewebauthn/server` nor the vendored browser bundle; an app
 * with it loads them on the first request that needs them.
 */
import { describe, expect, it, vi } from "vitest"
import { Browser, testConfig } from "../helpers/auth.js"
import { PasskeyBrowser, setup } from "./helpers.js"

const loaded = vi.hoisted(() => ({ server: 0, bundle: 0 }))

vi.mock("@simplewebauthn/server", async (importOriginal) => {
  loaded.server++
  return importOriginal()
})
vi.mock("../../src/webauthn/browser-bundle.js", async (importOriginal) => {
  loaded.bundle++
  return importOriginal()
})

describe("loading WebAuthn code", () => {
  it("a credentials/JWT app signs in, reads its session and renders its pages without loading either", async () => {
    const browser = new Browser(testConfig())
    await browser.signIn()
    expect(await browser.session()).toMatchObject({ user: { name: "Alice" } })
    expect((await browser.request("/signin")).status).toBe(200)
    expect((await browser.request("/providers")).status).toBe(200)
    expect(loaded).toEqual({ server: 0, bundle: 0 })
  })

  it("a Passkey app loads the bundle for the sign-in page and the server library for the options", async () => {
    const { config, adapter } = setup()
    const browser = new PasskeyBrowser(config)
    await browser.request("/session")
    expect(loaded).toEqual({ server: 0, bundle: 0 })
    await browser.request("/signin")
    expect(loaded.bundle).toBe(1)
    await browser.options()
    expect(loaded.server).toBe(1)
    adapter.close()
  })
})
