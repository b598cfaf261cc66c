/**
 * Screenshots of the built-in sign-in page, to look at after changing how it looks: the ten most used Auth.js
 * providers plus e-mail and credentials with an https `theme.logo`, VK ID, Yandex ID and a few more, and the demo's
 * own set (Demo IdP, e-mail, password, passkey), whose card height it prints; each light and dark. Run by hand after a build; not part of CI:
 *
 *   npm run build && node e2e/screenshots.mjs
 *
 * Pages come from the built `@gatehousejs/core` (`Auth()` in this process) and are served to Debian's Chromium
 * through `route`, headers included, so the page's CSP applies as in production. Nothing leaves the process: the one
 * remote URL, the `theme.logo` on `https://cdn.example`, is answered here too.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Auth } from "@gatehousejs/core"
import {
  Apple, Auth0, Credentials, Discord, Email, Facebook, GitHub, GitLab, Google, Keycloak, LinkedIn, Mailru,
  MicrosoftEntraID, Okta, Passkey, Twitter, VK, Yandex,
} from "@gatehousejs/core/providers"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { chromium } from "playwright-core"

const outDir = fileURLToPath(new URL("./screenshots/", import.meta.url))
const origin = "https://app.example"
const logoUrl = "https://cdn.example/logo.svg"
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#4f46e5"/>' +
  '<text x="60" y="26" font-family="sans-serif" font-size="16" font-weight="600" fill="#fff" text-anchor="middle">Acme</text></svg>'

// E-mail and passkeys need a store; the page itself reads nothing from it.
const adapter = SqliteAdapter({ filename: ":memory:" })
adapter.migrate()

const oauth = { clientId: "id", clientSecret: "secret" }
const sendVerificationRequest = async () => {}

const popular = () => [
  Google(oauth),
  GitHub(oauth),
  Apple(oauth),
  MicrosoftEntraID({ ...oauth, issuer: "https://login.microsoftonline.com/common/v2.0" }),
  Facebook(oauth),
  Discord(oauth),
  Twitter(oauth),
  LinkedIn(oauth),
  GitLab(oauth),
  Auth0({ ...oauth, issuer: "https://acme.auth0.com" }),
  Email({ sendVerificationRequest }),
  Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: () => null,
  }),
]

// The other brands whose buttons follow published rules (VK ID, Yandex ID), and Keycloak, which has none.
const more = () => [
  VK(oauth),
  Yandex(oauth),
  Mailru(oauth),
  Keycloak({ ...oauth, issuer: "https://sso.example/realms/main" }),
  Okta({ ...oauth, issuer: "https://acme.okta.com" }),
]

const demo = () => [
  {
    id: "demo-idp", name: "Demo IdP", type: "oidc", issuer: "http://127.0.0.1:3001", ...oauth,
  },
  Email({ id: "email", name: "Email", sendVerificationRequest }),
  Credentials({
    name: "Password",
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: () => null,
  }),
  Passkey({}),
]

const shots = [
  { name: "signin-providers-light", scheme: "light", providers: popular, logo: logoUrl },
  { name: "signin-providers-dark", scheme: "dark", providers: popular, logo: logoUrl },
  { name: "signin-more-light", scheme: "light", providers: more },
  { name: "signin-more-dark", scheme: "dark", providers: more },
  { name: "signin-demo-light", scheme: "light", providers: demo, measure: true },
  { name: "signin-demo-dark", scheme: "dark", providers: demo },
]

function config(shot) {
  return {
    secret: "screenshots-secret-not-for-production-0123456789",
    trustHost: true,
    adapter,
    basePath: "/auth",
    theme: { colorScheme: shot.scheme, ...(shot.logo ? { logo: shot.logo } : {}) },
    providers: shot.providers(),
    experimental: { enableWebAuthn: true },
    logger: { warn: () => {}, debug: () => {} },
  }
}

const profile = await mkdtemp(join(tmpdir(), "gatehouse-screenshots-"))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  headless: true,
  deviceScaleFactor: 1,
  viewport: { width: 520, height: 600 },
  // design.md §4.
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
})
try {
  const page = context.pages()[0] ?? (await context.newPage())
  const cspViolations = []
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
  })
  let current
  await context.route("**/*", async (route) => {
    const url = route.request().url()
    if (url === logoUrl) return route.fulfill({ status: 200, contentType: "image/svg+xml", body: logoSvg })
    if (!url.startsWith(`${origin}/`)) return route.abort("blockedbyclient")
    const response = await Auth(new Request(url), config(current))
    return route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    })
  })
  for (const shot of shots) {
    current = shot
    await page.goto(`${origin}/auth/signin`)
    await page.waitForLoadState("networkidle")
    const card = page.locator(".card")
    const box = await card.boundingBox()
    if (shot.measure) console.log(`card height with the demo's providers: ${Math.round(box.height)} px`)
    const file = join(outDir, `${shot.name}.png`)
    await page.screenshot({ path: file, fullPage: true })
    console.log(`wrote ${file}`)
  }
  if (cspViolations.length) {
    console.error(cspViolations.join("\n"))
    process.exitCode = 1
  }
} finally {
  await context.close()
  await rm(profile, { recursive: true, force: true })
  adapter.close()
}
