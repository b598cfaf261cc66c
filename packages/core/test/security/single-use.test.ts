/**
 * One-time values in the store (src/single-use.ts, RT-10): what one process can show of them — a challenge row is no
 * magic link, and a secret rotation mid-ceremony is honoured once. The cross-process proof is
 * rt-10-two-processes.test.ts; without a store the OAuth state keeps Auth.js's behaviour (OA-19 in oauth/group-a).
 */
import { Email } from "@gatehousejs/core/providers"
import Passkey from "@gatehousejs/core/providers/passkey"
import { afterEach, describe, expect, it } from "vitest"
import { Browser, ORIGIN, SECRET } from "../helpers/auth.js"
import { PasskeyBrowser, redirectError, setup, type Setup } from "../webauthn/helpers.js"

let current: Setup | undefined
afterEach(() => {
  current?.adapter.close()
  current = undefined
})

describe("single-use values in the store", () => {
  it("RT-10 a WebAuthn challenge row cannot be spent as a magic link, even with an app's own normalizeIdentifier", async () => {
    const sent: string[] = []
    current = setup({
      providers: [Passkey, Email({ normalizeIdentifier: (identifier) => identifier, sendVerificationRequest: ({ url }) => void sent.push(url) })],
    })
    const browser = new PasskeyBrowser(current.config)
    const { body } = await browser.options({ action: "authenticate" })
    const challenge = body.options!.challenge
    const query = new URLSearchParams({ email: "webauthn-challenge:passkey", token: challenge, callbackUrl: `${ORIGIN}/dashboard` })
    const response = await new Browser(current.config).request(`/callback/email?${query}`)
    expect(redirectError(response).error).toBe("Verification")
    expect(await current.adapter.getUserByEmail("webauthn-challenge:passkey")).toBeNull()
  })

  it("RT-10 a challenge issued before a secret rotation is accepted once after it", async () => {
    current = setup({ secret: [`${SECRET}-old`] })
    const registering = new PasskeyBrowser(current.config)
    const { body } = await registering.options({ action: "register", email: "rotated@example.com" })
    const registration = registering.authenticator.create(body.options!).json
    const rotated = new PasskeyBrowser({ ...current.config, secret: [`${SECRET}-new`, `${SECRET}-old`] }, registering.authenticator)
    for (const [name, value] of registering.jar) rotated.jar.set(name, value)
    const cookies = new Map(rotated.jar)
    expect((await rotated.submit("register", registration)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    for (const [name, value] of cookies) rotated.jar.set(name, value)
    expect(redirectError(await rotated.submit("register", registration)).error).toBe("Configuration")
  })
})
