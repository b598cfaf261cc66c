/**
 * How the sign-in page looks to a visitor: the site logo from `theme.logo` (an absolute https URL as Auth.js documents
 * it, with the CSP allowing exactly its origin), provider buttons as their brands publish them, with readable text in
 * both colour schemes, and one "or" between the OAuth buttons and the forms.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "@gatehousejs/core"
import * as builtIn from "@gatehousejs/core/providers"
import { Apple, GitHub, Google, Keycloak, MicrosoftEntraID, VK, Yandex } from "@gatehousejs/core/providers"
import { renderError, renderSignIn } from "../../src/pages/index.js"
import type { PageProvider } from "../../src/pages/index.js"
import { Browser, testConfig } from "../helpers/auth.js"
import { context, credentials, cspDirectives, email, forms, github, keycloak, styleContent, tags, text } from "./helpers.js"

const oauth = { clientId: "id", clientSecret: "secret" }

function logged(): { warnings: string[]; config: (theme: AuthConfig["theme"]) => AuthConfig } {
  const warnings: string[] = []
  const logger = { warn: (code: string, ...message: unknown[]) => warnings.push([code, ...message].join(" ")), error: () => {}, debug: () => {} }
  return { warnings, config: (theme) => testConfig({ theme, logger }) }
}

async function signInPage(config: AuthConfig): Promise<{ html: string; csp: Record<string, string[]> }> {
  const response = await new Browser(config).request("/signin")
  expect(response.status).toBe(200)
  return { html: await response.text(), csp: cspDirectives(response.headers.get("content-security-policy") ?? "") }
}

const siteLogo = (html: string): string[] => tags(html).filter((t) => t.name === "img" && t.attributes.class === "logo").map((t) => t.attributes.src!)

afterEach(() => {
  vi.unstubAllEnvs()
})

describe("theme.logo", () => {
  it("an absolute https URL is shown, and the CSP allows images from exactly that origin", async () => {
    const { warnings, config } = logged()
    const page = await signInPage(config({ logo: "https://cdn.example/brand/logo.svg?v=2" }))
    expect(siteLogo(page.html)).toEqual(["https://cdn.example/brand/logo.svg?v=2"])
    expect(page.csp["img-src"]).toEqual(["'self'", "data:", "https://cdn.example"])
    expect(warnings).toEqual([])
  })

  it.each(["/logo.svg", "data:image/png;base64,iVBORw0KGgo="])("%s keeps working, and the CSP names no other origin", async (logo) => {
    const { warnings, config } = logged()
    const page = await signInPage(config({ logo }))
    expect(siteLogo(page.html)).toEqual([logo])
    expect(page.csp["img-src"]).toEqual(["'self'", "data:"])
    expect(warnings).toEqual([])
  })

  it("an http URL is shown in development (a local asset server)", async () => {
    const page = await signInPage(logged().config({ logo: "http://localhost:4000/logo.png" }))
    expect(siteLogo(page.html)).toEqual(["http://localhost:4000/logo.png"])
    expect(page.csp["img-src"]).toEqual(["'self'", "data:", "http://localhost:4000"])
  })

  it.each([
    ["javascript:alert(1)", "development"],
    ["http://cdn.example/logo.svg", "production"],
    ["//cdn.example/logo.svg", "development"],
    ["https://user:pass@cdn.example/logo.svg", "development"],
    ["https://cdn.example/logo svg", "development"],
    ["ftp://cdn.example/logo.svg", "development"],
    ["logo.svg", "development"],
  ])("%j (%s) is refused with one warning line, once for many requests, and the CSP allows no remote image", async (logo, nodeEnv) => {
    vi.stubEnv("NODE_ENV", nodeEnv)
    const { warnings, config } = logged()
    const configured = config({ logo })
    const page = await signInPage(configured)
    await new Browser(configured).request("/signin")
    expect(siteLogo(page.html)).toEqual([])
    expect(page.csp["img-src"]).toEqual(["'self'", "data:"])
    const about = warnings.filter((line) => line.includes("theme.logo"))
    expect(about).toHaveLength(1)
    expect(about[0]).not.toMatch(/\n/)
  })

  it("the error and sign-out pages show the https logo under the same policy", () => {
    const page = renderError(context({ theme: { colorScheme: "auto", logo: "https://cdn.example/logo.svg", brandColor: "", buttonText: "" } }), {})
    expect(siteLogo(page.html)).toEqual(["https://cdn.example/logo.svg"])
    expect(cspDirectives(page.headers["Content-Security-Policy"]!)["img-src"]).toEqual(["'self'", "data:", "https://cdn.example"])
  })
})

describe("the card is compact", () => {
  it("one 'or' divider between the OAuth buttons and the forms; the forms are set apart by a plain rule", () => {
    const page = renderSignIn(context(), { providers: [github, keycloak, email, credentials, { ...credentials, id: "c2" }] })
    expect(text(page.html).match(/\bor\b/g)).toEqual(["or"])
    const sequence = [...page.html.matchAll(/<form|class="divider"|<hr/g)].map(([m]) => (m === "<form" ? "F" : m === "<hr" ? "-" : "|"))
    expect(sequence.join("")).toBe("FF|F-F-F")
  })

  it("without OAuth buttons the first boundary says 'or'", () => {
    const page = renderSignIn(context(), { providers: [email, credentials] })
    expect(text(page.html).match(/\bor\b/g)).toEqual(["or"])
    expect(forms(page.html)).toHaveLength(2)
  })
})

/** What a visitor sees of one provider's button: its fill, text colour and logo, in each colour scheme. */
interface Look {
  fill: string
  text: string
  logo: string | undefined
}

function looks(provider: PageProvider): { light: Look; dark: Look } {
  const page = renderSignIn(context(), { providers: [provider] })
  const css = styleContent(page.html)[0]!
  const rule = /\.provider-0 \{([^}]*)\}/.exec(css)?.[1] ?? ""
  const value = (name: string): string | undefined => new RegExp(`--${name}: ([^;]+);`).exec(rule)?.[1]
  const images = tags(forms(page.html)[0]!.html).filter((t) => t.name === "img")
  const light = images.find((t) => !t.attributes.class?.includes("dark"))?.attributes.src
  const dark = images.find((t) => !t.attributes.class?.includes("light"))?.attributes.src
  return {
    light: { fill: value("provider-brand")!, text: value("provider-text")!, logo: light },
    dark: { fill: value("provider-brand-dark")!, text: value("provider-text-dark")!, logo: dark },
  }
}

function asPageProvider(config: { id: string; name: PageProvider["name"]; type: string; style?: PageProvider["style"] }): PageProvider {
  return {
    id: config.id,
    name: config.name,
    type: config.type as PageProvider["type"],
    signinUrl: `https://app.example/auth/signin/${config.id}`,
    callbackUrl: `https://app.example/auth/callback/${config.id}`,
    style: config.style,
  }
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[\da-f]/gi, (c) => c + c) : hex
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

const svg = (logo: string | undefined): string => decodeURIComponent(logo ?? "").toLowerCase()

describe("provider buttons follow their brands' published guidelines", () => {
  it("Google: the standard four-colour G; white with #1F1F1F text in light, #131314 with #E3E3E3 in dark", () => {
    const { light, dark } = looks(asPageProvider(Google(oauth)))
    expect(light).toMatchObject({ fill: "#ffffff", text: "#1f1f1f" })
    expect(dark).toMatchObject({ fill: "#131314", text: "#e3e3e3" })
    for (const colour of ["#4285f4", "#34a853", "#fbbc05", "#ea4335"]) expect(svg(light.logo)).toContain(colour)
    expect(dark.logo).toBe(light.logo)
  })

  it("Apple: black with the white logo in light, white with the black logo in dark", () => {
    const { light, dark } = looks(asPageProvider(Apple(oauth)))
    expect(light).toMatchObject({ fill: "#000000", text: "#ffffff" })
    expect(dark).toMatchObject({ fill: "#ffffff", text: "#000000" })
    expect(svg(light.logo)).toContain("fill='#fff'")
    expect(svg(dark.logo)).toContain("fill='#000'")
  })

  it("Microsoft: the four-square logo; white with #5E5E5E text in light, #2F2F2F with white in dark", () => {
    const { light, dark } = looks(asPageProvider(MicrosoftEntraID({ ...oauth, issuer: "https://login.microsoftonline.com/common/v2.0" })))
    expect(light).toMatchObject({ fill: "#ffffff", text: "#5e5e5e" })
    expect(dark).toMatchObject({ fill: "#2f2f2f", text: "#ffffff" })
    for (const colour of ["#f25022", "#7fba00", "#00a4ef", "#ffb900"]) expect(svg(light.logo)).toContain(colour)
  })

  it("GitHub: the Invertocat in white on GitHub's dark grey, white text", () => {
    const { light, dark } = looks(asPageProvider(GitHub(oauth)))
    expect(light).toMatchObject({ fill: "#24292f", text: "#ffffff" })
    expect(dark).toMatchObject({ fill: "#24292f", text: "#ffffff" })
    expect(svg(light.logo)).toContain("fill='#fff'")
  })

  it("VK ID: the secondary button (black text on white, VK-blue logo), white text on dark grey in dark", () => {
    const { light, dark } = looks(asPageProvider(VK(oauth)))
    expect(light).toMatchObject({ fill: "#ffffff", text: "#000000" })
    expect(dark.text).toBe("#ffffff")
    expect(svg(light.logo)).toContain("#0077ff")
  })

  it("Yandex ID: black with white text and the red Я logo in light, white with black text in dark", () => {
    const { light, dark } = looks(asPageProvider(Yandex(oauth)))
    expect(light).toMatchObject({ fill: "#000000", text: "#ffffff" })
    expect(dark).toMatchObject({ fill: "#ffffff", text: "#000000" })
    expect(svg(light.logo)).toContain("#fc3f1d")
  })

  it("Keycloak: white text on a blue dark enough for it", () => {
    const { light } = looks(asPageProvider(Keycloak({ ...oauth, issuer: "https://sso.example/realms/main" })))
    expect(light.text).toMatch(/^#fff(?:fff)?$/)
    expect(contrast(light.fill, light.text)).toBeGreaterThanOrEqual(4.5)
  })

  const catalog = Object.entries(builtIn)
    .filter(([name, factory]) => /^[A-Z]/.test(name) && typeof factory === "function")
    .map(([name, factory]) => [name, (factory as (options: unknown) => { type: string })({ ...oauth, issuer: "https://idp.example" })] as const)
    .filter(([, config]) => config.type === "oauth" || config.type === "oidc")

  it.each(catalog)("%s: button text meets WCAG AA (4.5:1) in light and dark", (_name, config) => {
    const { light, dark } = looks(asPageProvider(config as Parameters<typeof asPageProvider>[0]))
    expect(contrast(light.fill, light.text)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(dark.fill, dark.text)).toBeGreaterThanOrEqual(4.5)
  })
})

describe("the error page always has a way back", () => {
  it.each([
    ["Configuration", "Back to sign-in", "Вернуться ко входу"],
    ["SignOutError", "Back to sign-in", "Вернуться ко входу"],
  ])("?error=%s links back to the sign-in page: “%s” / “%s”", (error, en, ru) => {
    for (const [locale, label] of [["en", en], ["ru", ru]] as const) {
      const page = renderError(context({ locale }), { error })
      const links = [...page.html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, inner]) => [href, inner])
      expect(links).toEqual([["https://app.example/api/auth/signin", label]])
    }
  })
})
