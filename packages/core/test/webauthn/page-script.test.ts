/**
 * The driver of the sign-in page's passkey form, run in a happy-dom window on the page Gatehouse renders, against a
 * real Gatehouse instance (every `fetch` of the script is answered by `Auth`, on Node's own Fetch classes: a browser's
 * drop `Set-Cookie`), with a software authenticator in place of `@simplewebauthn/browser`.
 *
 * Regression (issue 25 item 9): "Create a passkey" once jumped to `/auth/undefined`. The driver followed `answer.url`
 * of the callback's answer, and a refusal has no `url`: the fourth passkey for one address within ten minutes is
 * refused by the e-mail limit (3 per address, RT-09) with `429 { error: "TooManyRequests", retryAfter }`, and
 * `new URL(undefined, location.href)` is `<base>/undefined`. Now the form says "try again in N s" in place.
 */
import { memoryStore, type SendVerificationRequestParams } from "@gatehousejs/core"
import { Window, type HTMLElement, type HTMLInputElement } from "happy-dom"
import { Email } from "@gatehousejs/core/providers"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ORIGIN } from "../helpers/auth.js"
import { webAuthnPageScripts } from "../../src/webauthn/page-script.js"
import { PasskeyBrowser, setup, type Setup } from "./helpers.js"

let current: Setup | undefined
beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`))
let opened: Window | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  current?.adapter.close()
  current = undefined
  await opened?.happyDOM.close()
  opened = undefined
})

/**
 * The sign-in page (Passkey + Email) loaded into the document with its driver running: the script's `fetch` goes to
 * `browser` (which keeps the cookies), `location.assign` is recorded instead of followed.
 */
async function signInPage(overrides: Partial<Setup["config"]> = {}) {
  const outbox: SendVerificationRequestParams[] = []
  // Rate limits on, as by default, counted per test (a store each).
  current = setup({ rateLimit: { store: memoryStore() }, ...overrides })
  current.config.providers = [...(current.config.providers ?? []), Email({ sendVerificationRequest: (params) => void outbox.push(params) })]
  const browser = new PasskeyBrowser(current.config)
  const html = await (await browser.request("/signin")).text()
  const win = new Window({ url: `${ORIGIN}/auth/signin` })
  opened = win
  const { document } = win
  document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1]!.replace(/<script>[\s\S]*?<\/script>/g, "")

  const responses: { path: string; status: number }[] = []
  const fetch = async (input: string | URL, init: { method?: string; headers?: Record<string, string>; body?: URLSearchParams } = {}) => {
    const url = new URL(String(input))
    const path = `${url.pathname.replace(/^\/auth/, "")}${url.search}`
    const response = await browser.request(path, { method: init.method, headers: init.headers, body: init.body ? Object.fromEntries(init.body) : undefined })
    responses.push({ path: url.pathname, status: response.status })
    return response
  }
  const assigned: string[] = []
  const location = { href: win.location.href, assign: (url: string) => void assigned.push(String(url)) }
  const simpleWebAuthnBrowser = {
    browserSupportsWebAuthn: () => true,
    browserSupportsWebAuthnAutofill: async () => false,
    startRegistration: async ({ optionsJSON }: { optionsJSON: never }) => browser.authenticator.create(optionsJSON).json,
    startAuthentication: async ({ optionsJSON }: { optionsJSON: never }) => browser.authenticator.get(optionsJSON),
  }
  const scope = {
    globalThis: { SimpleWebAuthnBrowser: simpleWebAuthnBrowser },
    document,
    location,
    fetch,
    FormData: win.FormData,
    HTMLFormElement: win.HTMLFormElement,
    console: { warn: () => {} },
  }
  new Function(...Object.keys(scope), webAuthnPageScripts[1]!)(...Object.values(scope))

  const form = document.querySelector("form[data-webauthn-options]")!
  const line = (selector: string): string | undefined => {
    const element = form.querySelector<HTMLElement>(selector)!
    return element.hidden ? undefined : (element.textContent ?? "")
  }
  /** Types `email` and presses "Create a passkey"; resolves once the form says something or the page moves. */
  async function createPasskey(email: string): Promise<{ notice?: string; status?: string; assigned: string[] }> {
    const before = { responses: responses.length, assigned: assigned.length }
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = email
    const button = form.querySelector<HTMLElement>("button[data-webauthn-register]")!
    form.dispatchEvent(new win.SubmitEvent("submit", { submitter: button, cancelable: true, bubbles: true }))
    await vi.waitFor(
      () => {
        expect(responses.length).toBeGreaterThan(before.responses + 1)
        expect(line("[data-webauthn-notice]") ?? line("[data-webauthn-status]") ?? assigned[before.assigned]).toBeDefined()
      },
      { timeout: 10_000 },
    )
    return { notice: line("[data-webauthn-notice]"), status: line("[data-webauthn-status]"), assigned: assigned.slice(before.assigned) }
  }
  return { createPasskey, responses, outbox, document }
}

describe("the passkey form's script: creating a passkey signed out (RT-01)", () => {
  it("says 'check your e-mail' in place, and the link is sent", async () => {
    const page = await signInPage()
    const result = await page.createPasskey("pat@example.com")
    expect(result.notice).toBe("Check your e-mail to finish setting up your passkey: open the link we sent to that address in this browser.")
    expect(result.assigned).toEqual([])
    expect(page.outbox.map((mail) => mail.identifier)).toEqual(["pat@example.com"])
  })

  it("regression /auth/undefined: the fourth passkey for one address within ten minutes is refused by the e-mail limit (429), and the form says when to try again instead of going to <base>/undefined", async () => {
    const page = await signInPage()
    for (let i = 0; i < 3; i++) expect((await page.createPasskey("pat@example.com")).notice).toMatch(/^Check your e-mail/)
    const refused = await page.createPasskey("pat@example.com")
    expect(page.responses.at(-1)).toEqual({ path: "/auth/callback/passkey", status: 429 })
    expect(refused.assigned).toEqual([])
    expect(refused.notice).toBeUndefined()
    expect(refused.status).toMatch(/^Too many sign-in attempts\. Try again in \d+ s\.$/)
    expect(Number(/in (\d+) s/.exec(refused.status!)![1])).toBeGreaterThan(0)
    expect(page.outbox).toHaveLength(3)
  })

  it("an answer that is neither a URL nor a 429 (413 'Bad request.' for a body over 64 KiB) shows the generic failure, and navigates nowhere", async () => {
    const page = await signInPage()
    const form = page.document.querySelector("form[data-webauthn-options]")!
    form.insertAdjacentHTML("beforeend", `<input type="hidden" name="note" value="${"x".repeat(70 * 1024)}">`)
    const result = await page.createPasskey("pat@example.com")
    expect(page.responses.at(-1)).toEqual({ path: "/auth/callback/passkey", status: 413 })
    expect(result.assigned).toEqual([])
    expect(result.status).toBe("Signing in with a passkey did not work. Try again, or use another way to sign in.")
  })

  it("a URL in the answer is still followed: a registration the signIn callback refuses goes to the error page", async () => {
    const page = await signInPage({ callbacks: { signIn: () => false } })
    const result = await page.createPasskey("pat@example.com")
    expect(result.assigned).toEqual([`${ORIGIN}/auth/error?error=AccessDenied`])
    expect(result.status).toBeUndefined()
  })
})
