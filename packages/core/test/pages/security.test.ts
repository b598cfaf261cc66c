/**
 * Escaping, CSP and the other security headers on every page (security catalog CR-15, ASVS V3.4 / V50).
 */
import { describe, expect, it } from "vitest"
import {
  renderError,
  renderSignIn,
  renderSignOut,
  renderVerifyRequest,
  type HtmlPage,
  type PageContext,
  type PageProvider,
} from "../../src/pages/index.js"
import {
  baseUrl,
  callbackUrl,
  context,
  credentials,
  cspDirectives,
  email,
  github,
  keycloak,
  nodeSha256Source,
  styleContent,
  tags,
} from "./helpers.js"
import { escapeHtml } from "../../src/pages/escape.js"
import { baseCss } from "../../src/pages/styles.js"

const hostile = [
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  '</style><script>alert(1)</script>',
  "</title><img src=x onerror=alert(1)>",
  "&lt;script&gt;",
]

// The elements the pages are made of; anything else in the output means some value escaped its context.
const allowedTags = new Set([
  "html", "head", "meta", "title", "style", "body", "main", "div", "h1", "p", "a", "form", "input", "label", "button",
  "img", "span", "hr",
])

function allPages(ctx: PageContext, value: string): [string, HtmlPage][] {
  const providers: PageProvider[] = [github, keycloak, email, credentials]
  return [
    ["signin", renderSignIn(ctx, { providers, error: value, code: value, email: value })],
    ["signout", renderSignOut(ctx)],
    ["error", renderError(ctx, { error: value })],
    ["verify-request", renderVerifyRequest(ctx, { provider: value })],
  ]
}

function expectInert(html: string): void {
  expect(html).not.toMatch(/<script|<svg|<img src=x/i)
  for (const tag of tags(html)) {
    expect(allowedTags, `unexpected <${tag.name}>`).toContain(tag.name)
    for (const name of Object.keys(tag.attributes)) expect(name, `attribute on <${tag.name}>`).not.toMatch(/^on/)
  }
  expect(html.match(/<style>/g)).toHaveLength(1)
  expect(html.match(/<\/style>/g)).toHaveLength(1)
}

describe("CR-15: hostile query values are escaped, and pages carry a CSP and nosniff", () => {
  it("GET /error?error=<script>alert(1)</script>", () => {
    const page = renderError(context(), { error: "<script>alert(1)</script>" })
    expect(page.status).toBe(200)
    expectInert(page.html)
    expect(page.headers["Content-Security-Policy"]).toMatch(/default-src 'none'/)
    expect(page.headers["X-Content-Type-Options"]).toBe("nosniff")
  })

  it("GET /verify-request?provider=<svg onload>", () => {
    const page = renderVerifyRequest(context(), { provider: "<svg onload=alert(1)>" })
    expectInert(page.html)
    expect(page.html).not.toContain("svg")
    expect(page.headers["Content-Security-Policy"]).toMatch(/default-src 'none'/)
    expect(page.headers["X-Content-Type-Options"]).toBe("nosniff")
  })

  it.each(hostile)("query parameters %j stay inert on every page", (value) => {
    for (const [name, page] of allPages(context(), value)) {
      expectInert(page.html)
      // `error` and `code` select fixed texts; they are never shown, escaped or not.
      if (name === "error" || name === "verify-request") {
        expect(page.html).not.toContain(value)
        expect(page.html).not.toContain(escapeHtml(value))
      }
    }
  })

  it("pre-fills the e-mail escaped, and never echoes ?code=", () => {
    const value = '"><svg onload=alert(1)>'
    const params = { providers: [email], email: value, code: "code-xyz<b>", error: "CredentialsSignin" }
    const page = renderSignIn(context(), params)
    expectInert(page.html)
    expect(page.html).toContain('value="&quot;&gt;&lt;svg onload=alert(1)&gt;"')
    expect(page.html).not.toContain("code-xyz")
  })

  it.each(hostile)("config values %j (token, URLs, names, fields, theme) stay inert", (value) => {
    const ctx = context({
      csrfToken: value,
      callbackUrl: `${callbackUrl}?next=${value}`,
      theme: { colorScheme: value as "auto", logo: `/${value}`, brandColor: value, buttonText: value },
    })
    const providers: PageProvider[] = [
      { ...github, id: value, name: value, signinUrl: `${baseUrl}/signin/${value}`, style: { logo: value, bg: value } },
      { ...email, name: value },
      {
        ...credentials,
        id: value,
        name: value,
        credentials: { [value]: { label: value, type: value, placeholder: value, [value]: value, pattern: value } },
      },
    ]
    const pages = [
      renderSignIn(ctx, { providers, error: value, email: value }),
      renderSignOut(ctx),
      renderError(ctx, { error: value }),
      renderVerifyRequest(ctx, { provider: value }),
    ]
    for (const page of pages) {
      expectInert(page.html)
      expect(page.html).toContain('<body class="__gatehouse-theme-auto">')
    }
  })

  it("escapes all five HTML metacharacters in values", () => {
    const page = renderSignIn(context({ csrfToken: `&<>"'` }), { providers: [github] })
    expect(page.html).toContain('name="csrfToken" value="&amp;&lt;&gt;&quot;&#39;"')
  })
})

describe("CSS injection through the theme and provider styles", () => {
  it.each([
    "red;} body{display:none",
    "red; } body { display: none }",
    "#fff;background:url(https://evil.example/x)",
    "</style><style>body{display:none}",
    "rgb(1,2,3)} body{display:none",
  ])("brandColor %j is ignored", (brandColor) => {
    const theme = { colorScheme: "auto" as const, logo: "", brandColor, buttonText: brandColor }
    const page = renderSignIn(context({ theme }), {
      providers: [{ ...github, style: { brandColor, text: brandColor } }, email],
    })
    // The base stylesheet hides the other scheme's logos itself; what the config added is after it.
    const css = styleContent(page.html)[0]!.replace(baseCss, "")
    expect(css).not.toContain("display:none")
    expect(css).not.toContain("display: none")
    expect(css).not.toContain("evil.example")
    expect(css).not.toMatch(/--brand-color:|--button-text-color:|--provider-brand:/)
  })
})

describe("security headers of every page", () => {
  const theme = { colorScheme: "dark", logo: "/logo.svg", brandColor: "#ff0000", buttonText: "" } as const
  const pages = allPages(context({ theme }), "x")

  it.each(pages)("%s: content type, CSP, nosniff, referrer policy, no framing, no caching", (_, page) => {
    expect(page.headers).toMatchObject({
      "Content-Type": "text/html; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
    })
    const csp = cspDirectives(page.headers["Content-Security-Policy"]!)
    expect(csp["default-src"]).toEqual(["'none'"])
    expect(csp["img-src"]).toEqual(["'self'", "data:"])
    expect(csp["frame-ancestors"]).toEqual(["'none'"])
    expect(csp["base-uri"]).toEqual(["'none'"])
    expect(csp["form-action"]).toEqual(expect.arrayContaining(["'self'", "https://app.example"]))
    expect(Object.keys(csp)).not.toContain("script-src") // falls back to default-src 'none': no script runs
  })

  it.each(pages)("%s: the CSP style hash is the SHA-256 of the one <style> element (node:crypto)", (_, page) => {
    const styles = styleContent(page.html)
    expect(styles).toHaveLength(1)
    expect(cspDirectives(page.headers["Content-Security-Policy"]!)["style-src"]).toEqual([nodeSha256Source(styles[0]!)])
  })

  it.each(pages)("%s: has no inline script, inline style attribute or event handler", (_, page) => {
    expect(page.html).not.toMatch(/<script/i)
    for (const tag of tags(page.html)) {
      expect(Object.keys(tag.attributes).filter((name) => name === "style" || name.startsWith("on"))).toEqual([])
    }
  })

  it.each(pages)("%s: no URL but those from baseUrl, callbackUrl and the providers (no remote assets)", (_, page) => {
    const allowed = [baseUrl, callbackUrl, "https://app.example"]
    const urls = page.html.match(/\b(?:https?:)?\/\/[^\s"'<>)]+/g) ?? []
    for (const url of urls) expect(allowed.some((prefix) => url.startsWith(prefix)), url).toBe(true)
    expect(page.html).not.toMatch(/@import|url\(|<link|<script|<iframe|<object/i)
  })

  it.each(pages)("%s: is a complete document with lang, charset, viewport and title", (_, page) => {
    expect(page.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/)
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(page.html).toMatch(/<title>[^<]+<\/title>/)
  })

  it("form-action allows the origins of every form target and of the callback URL", () => {
    const ctx = context({ callbackUrl: "https://shop.example/after" })
    const elsewhere: PageProvider = { ...credentials, callbackUrl: "https://login.example/callback/credentials" }
    const csp = cspDirectives(renderSignIn(ctx, { providers: [email, elsewhere] }).headers["Content-Security-Policy"]!)
    expect(csp["form-action"]).toEqual([
      "'self'",
      "https://app.example",
      "https://shop.example",
      "https://login.example",
    ])
    const signOut = cspDirectives(renderSignOut(ctx).headers["Content-Security-Policy"]!)
    expect(signOut["form-action"]).toEqual(["'self'", "https://app.example", "https://shop.example"])
  })

  it("form-action allows https: when OAuth buttons are shown, since the sign-in POST redirects to the provider", () => {
    const formAction = (providers: PageProvider[], url = baseUrl): string[] =>
      cspDirectives(renderSignIn(context({ baseUrl: url }), { providers }).headers["Content-Security-Policy"]!)[
        "form-action"
      ]!
    expect(formAction([github])).toEqual(["'self'", "https://app.example", "https:"])
    expect(formAction([email, credentials])).not.toContain("https:")
    // A development site on http may use an http IdP (a local Keycloak).
    const local = { ...keycloak, signinUrl: "http://localhost:3000/auth/signin/keycloak" }
    expect(formAction([local], "http://localhost:3000/auth")).toEqual([
      "'self'",
      "http://localhost:3000",
      "https://app.example",
      "https:",
      "http:",
    ])
  })
})
