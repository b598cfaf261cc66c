/**
 * The challenge cookie in Auth.js's format (authjs-behaviour §3.3): `@auth/core`'s own `decode` opens it — the outer
 * token with the cookie name as salt holds `{ value, provider }`, the inner one (salt `encodedWebauthnChallenge`) the
 * challenge — and a cookie sealed by `@auth/core`'s `encode` the same way is accepted by our callback, for a challenge
 * this app issued. One issued by `@auth/core` itself has no row in the store (RT-10: challenges are single use there,
 * across processes), so it is refused: a ceremony begun on Auth.js cannot end on Gatehouse.
 */
import { decode as authJsDecode, encode as authJsEncode } from "@auth/core/jwt"
import { afterEach, describe, expect, it } from "vitest"
import { ORIGIN, SECRET } from "../helpers/auth.js"
import { CHALLENGE_COOKIE, PasskeyBrowser, redirectError, setup, type Setup } from "./helpers.js"

let current: Setup | undefined
afterEach(() => {
  current?.adapter.close()
  current = undefined
})

describe("authjs.challenge interop with @auth/core", () => {
  it("@auth/core decodes our challenge cookie: provider-bound value, inner challenge and registration data", async () => {
    current = setup()
    const browser = new PasskeyBrowser(current.config)
    const { body } = await browser.options({ action: "register", email: "interop@example.com" })
    const outer = await authJsDecode({ token: browser.jar.get(CHALLENGE_COOKIE)!, secret: SECRET, salt: CHALLENGE_COOKIE })
    expect(outer).toMatchObject({ provider: "passkey" })
    const inner = await authJsDecode({ token: String(outer!.value), secret: SECRET, salt: "encodedWebauthnChallenge" })
    expect(inner).toMatchObject({ challenge: body.options!.challenge, registerData: { email: "interop@example.com" } })
  })

  it("a challenge cookie sealed by @auth/core's encode, for a challenge this app issued, is accepted by our callback", async () => {
    current = setup()
    const browser = new PasskeyBrowser(current.config)
    const { body } = await browser.options({ action: "register", email: "sealed@example.com" })
    const registerData = { email: "sealed@example.com" }
    const inner = await authJsEncode({ token: { challenge: body.options!.challenge, registerData }, secret: SECRET, salt: "encodedWebauthnChallenge", maxAge: 900 })
    const outer = await authJsEncode({ token: { value: inner, provider: "passkey" }, secret: SECRET, salt: CHALLENGE_COOKIE, maxAge: 900 })
    browser.jar.set(CHALLENGE_COOKIE, outer)
    const response = await browser.submit("register", browser.authenticator.create(body.options!).json)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await current.adapter.getUserByEmail("sealed@example.com")).not.toBeNull()
  })

  it("RT-10 a challenge cookie minted by @auth/core for a challenge this app never issued is refused (InvalidCheck) and creates no user", async () => {
    current = setup()
    const browser = new PasskeyBrowser(current.config)
    const { body } = await browser.options({ action: "register", email: "minted@example.com" })
    const challenge = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")
    const registerData = { email: "minted@example.com" }
    const inner = await authJsEncode({ token: { challenge, registerData }, secret: SECRET, salt: "encodedWebauthnChallenge", maxAge: 900 })
    const outer = await authJsEncode({ token: { value: inner, provider: "passkey" }, secret: SECRET, salt: CHALLENGE_COOKIE, maxAge: 900 })
    browser.jar.set(CHALLENGE_COOKIE, outer)
    const response = await browser.submit("register", browser.authenticator.create({ ...body.options!, challenge }).json)
    expect(redirectError(response)).toEqual({ path: "/auth/error", error: "Configuration" })
    expect(await current.adapter.getUserByEmail("minted@example.com")).toBeNull()
  })
})
