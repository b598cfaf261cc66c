/**
 * The passkey form of the built-in sign-in page: Auth.js's form (posting to the callback, inputs marked
 * `data-form-field`), the vendored browser library and its driver inlined and allowed by hash — no CDN, no
 * `'unsafe-inline'` — and fetches allowed only to the options endpoint.
 */
import { createHash } from "node:crypto"
import Passkey from "@gatehousejs/core/providers/passkey"
import WebAuthn from "@gatehousejs/core/providers/webauthn"
import { afterEach, describe, expect, it } from "vitest"
import { simpleWebAuthnBrowserBundle, simpleWebAuthnBrowserVersion } from "../../src/webauthn/browser-bundle.js"
import { credentialsProvider } from "../helpers/auth.js"
import { PasskeyBrowser, setup, type Setup } from "./helpers.js"
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"

let current: Setup | undefined
afterEach(() => {
  current?.adapter.close()
  current = undefined
})

async function signInPage(overrides: Parameters<typeof setup>[0] = {}): Promise<{ html: string; csp: string }> {
  current = setup(overrides)
  const response = await new PasskeyBrowser(current.config).request("/signin")
  expect(response.status).toBe(200)
  return { html: await response.text(), csp: response.headers.get("content-security-policy")! }
}

const directive = (csp: string, name: string): string | undefined =>
  csp.split("; ").find((part) => part.startsWith(`${name} `))?.slice(name.length + 1)

const inlineScripts = (html: string): string[] => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)

describe("the sign-in page with a passkey provider", () => {
  it("renders Auth.js's form: posts to the callback URL, the e-mail field marked for the script and for passkey autofill", async () => {
    const { html } = await signInPage()
    expect(html).toContain('action="https://app.example/auth/callback/passkey" id="passkey-form"')
    expect(html).toContain('data-webauthn-options="https://app.example/auth/webauthn-options/passkey"')
    expect(html).toContain('data-conditional-ui="true"')
    expect(html).toMatch(/<input id="input-email-for-passkey-provider" type="text" name="email" data-form-field [^>]*autocomplete="username webauthn"/)
    expect(html).toContain('name="csrfToken"')
    expect(html).toContain(">Sign in with Passkey</button>")
  })

  it("RT-01 has a second button to create a passkey, and the messages its script shows: check your e-mail, or sign in first", async () => {
    const { html } = await signInPage()
    expect(html).toContain('<button type="submit" class="button" value="register" data-webauthn-register>Create a passkey</button>')
    expect(html).toContain('data-webauthn-check-email="Check your e-mail to finish setting up your passkey: open the link we sent to that address in this browser."')
    expect(html).toContain('data-webauthn-sign-in-first="To add a passkey, sign in first, then add a passkey to your account."')
    expect(html).toContain('<p class="message" role="status" data-webauthn-notice hidden></p>')
    // A 429 (too many e-mails to the address, too many attempts): the script puts the wait where {seconds} is.
    expect(html).toContain('data-webauthn-too-many="Too many sign-in attempts. Try again in {seconds} s."')
  })

  it("RT-01 the passkey form's messages in Russian", async () => {
    current = setup()
    const response = await new PasskeyBrowser(current.config).request("/signin", { headers: { "accept-language": "ru" } })
    const html = await response.text()
    expect(html).toContain(">Создать ключ доступа</button>")
    expect(html).toContain('data-webauthn-check-email="Проверьте почту, чтобы закончить настройку ключа доступа')
  })

  it("inlines the vendored @simplewebauthn/browser and the driver, each allowed by its SHA-256 hash, and nothing from a CDN", async () => {
    const { html, csp } = await signInPage()
    const scripts = inlineScripts(html)
    expect(scripts).toHaveLength(2)
    expect(scripts[0]).toBe(simpleWebAuthnBrowserBundle)
    const hashes = scripts.map((s) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`)
    expect(directive(csp, "script-src")).toBe(hashes.join(" "))
    expect(csp).not.toContain("unsafe-inline")
    expect(csp).toContain("default-src 'none'")
    expect(directive(csp, "connect-src")).toBe("https://app.example/auth/webauthn-options/ https://app.example/auth/callback/passkey")
    expect(html).not.toMatch(/<script[^>]+src=/)
    expect(html).not.toMatch(/unpkg|jsdelivr|cdn/i)
  })

  it("without a WebAuthn provider the page has no script and no script-src", async () => {
    const { html, csp } = await signInPage({ experimental: undefined, providers: [credentialsProvider()] })
    expect(inlineScripts(html)).toEqual([])
    expect(directive(csp, "script-src")).toBeUndefined()
    expect(directive(csp, "connect-src")).toBeUndefined()
  })

  it("simpleWebAuthnBrowserVersion: false renders the form without a script and without autofill", async () => {
    const { html, csp } = await signInPage({ providers: [Passkey({ simpleWebAuthnBrowserVersion: false })] })
    expect(html).toContain('id="passkey-form"')
    expect(html).toContain('data-conditional-ui="false"')
    expect(inlineScripts(html)).toEqual([])
    expect(directive(csp, "script-src")).toBeUndefined()
  })

  it("two WebAuthn providers get a form each, one script, and autofill only where enabled", async () => {
    const { html } = await signInPage({ providers: [Passkey, WebAuthn({ enableConditionalUI: false })] })
    expect(html).toContain('id="passkey-form"')
    expect(html).toContain('id="webauthn-form"')
    expect(html.match(/data-conditional-ui="true"/g)).toHaveLength(1)
    expect(inlineScripts(html)).toHaveLength(2)
  })

  it("field values from the config are escaped", async () => {
    const { html } = await signInPage({
      providers: [Passkey({ name: "<b>Key</b>", formFields: { email: { label: '"><script>x</script>', autocomplete: "username webauthn" } } })],
    })
    expect(html).not.toContain("<script>x</script>")
    expect(html).toContain("Sign in with &lt;b&gt;Key&lt;/b&gt;")
  })
})

describe("the vendored browser bundle", () => {
  it("is the one installed (node packages/core/scripts/vendor-webauthn-browser.js --check)", () => {
    const script = fileURLToPath(new URL("../../scripts/vendor-webauthn-browser.js", import.meta.url))
    expect(() => execFileSync(process.execPath, [script, "--check"], { stdio: "pipe" })).not.toThrow()
    expect(simpleWebAuthnBrowserVersion).toMatch(/^14\./)
  })
})
