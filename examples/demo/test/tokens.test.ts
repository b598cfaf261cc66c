/**
 * The Demo IdP's short access tokens, its protected API and the demo's `/tokens` page, over loopback. The IdP's access
 * tokens live 10 seconds here, no more than the page's `minValidity` (10): every call of the page finds its token
 * inside the margin, so each one refreshes, without waiting for a clock.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start } from "../src/app.js"
import { tokensPage } from "../src/tokens-page.js"
import { loopbackBrowser } from "./loopback-browser.js"

interface Running {
  url: string
  idp: { issuer: string; apiUrl: string; accessTokenTtl: number }
  adapter: {
    getUserByAccount: (account: { provider: string; providerAccountId: string }) => Promise<{ id: string } | null>
    getAccountForRefresh: (userId: string, provider: string) => Promise<{ access_token?: string | null; refresh_token?: string | null; expires_at?: number | null } | null>
  }
  close: () => Promise<void>
}

const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }

let app: Running

beforeAll(async () => {
  app = (await start({ port: 0, idp: { port: 0, accessTokenTtl: 10 }, database: ":memory:", logger: silentLogger })) as Running
})

afterAll(async () => {
  await app?.close()
  expect(errors).toEqual([])
})

const newBrowser = () => loopbackBrowser(app.url)

/** What the page shows of the token and the API's answer. */
function shown(html: string): { suffix: string | undefined; expiresAt: number; refreshes: number; status: string | undefined } {
  return {
    suffix: /<code id="token-suffix">…([\w-]{6})<\/code>/.exec(html)?.[1],
    expiresAt: Number(/data-expires-at="(\d+)"/.exec(html)?.[1]),
    refreshes: Number(/<span id="refresh-count">(\d+)<\/span>/.exec(html)?.[1]),
    status: /HTTP\/1\.1 (\d{3})/.exec(html)?.[1],
  }
}

/** Carol's stored Demo IdP account row (her tokens). */
async function carolsAccount() {
  const user = await app.adapter.getUserByAccount({ provider: "demo-idp", providerAccountId: "carol" })
  return app.adapter.getAccountForRefresh(user!.id, "demo-idp")
}

describe("the Demo IdP's API, GET /api/hello", () => {
  it("asks for a bearer token without one: 401, WWW-Authenticate Bearer without an error code (RFC 6750 §3.1)", async () => {
    const response = await fetch(app.idp.apiUrl)
    expect(response.status).toBe(401)
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="demo-idp"')
  })

  it("refuses an unknown token, and a token sent in the query string, as invalid_token", async () => {
    const unknown = await fetch(app.idp.apiUrl, { headers: { authorization: "Bearer not-a-token-of-this-idp" } })
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get("www-authenticate")).toMatch(/^Bearer realm="demo-idp", error="invalid_token"/)
    expect(await unknown.json()).toMatchObject({ error: "invalid_token" })

    const browser = newBrowser()
    await browser.signInWithDemoIdp("carol")
    const { access_token } = (await carolsAccount())!
    const inQuery = await fetch(`${app.idp.apiUrl}?access_token=${access_token}`)
    expect(inQuery.status).toBe(401)
  })

  it("answers the access token of a sign-in with the account, the token's expiry and the refreshes so far", async () => {
    const browser = newBrowser()
    await browser.signInWithDemoIdp("dave")
    const user = await app.adapter.getUserByAccount({ provider: "demo-idp", providerAccountId: "dave" })
    const account = (await app.adapter.getAccountForRefresh(user!.id, "demo-idp"))!
    expect(account.refresh_token, "the IdP issues a refresh token with the code").toBeTruthy()
    const response = await fetch(app.idp.apiUrl, { headers: { authorization: `Bearer ${account.access_token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const body = (await response.json()) as { tokenExpiresAt: number }
    expect(body).toEqual({ message: "Hello, Dave Demo!", sub: "dave", tokenExpiresAt: expect.any(Number), refreshes: 0 })
    expect(body.tokenExpiresAt - Date.now() / 1000).toBeLessThanOrEqual(app.idp.accessTokenTtl)
  })
})

describe("the /tokens page", () => {
  it("signed out: says to sign in, with a link that comes back here; no script, no 500", async () => {
    const response = await newBrowser().request("/tokens")
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain("Sign in to see your access token")
    expect(html).toContain('href="/auth/signin?callbackUrl=%2Ftokens"')
    expect(html).not.toContain("<script")
    expect(response.headers.get("content-security-policy")).not.toContain("script-src")
  })

  it("signed in with a password (no Demo IdP account linked): says there is no token, and no link from home", async () => {
    const browser = newBrowser()
    await browser.signInWithPassword("alice@example.com", "down the rabbit hole")
    const response = await browser.request("/tokens")
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("No Demo IdP access token for you")
    expect(await (await browser.request("/")).text()).not.toContain('href="/tokens"')
  })

  it("through the Demo IdP: each call inside the margin refreshes, rotating the stored refresh token, and the API accepts the new token", async () => {
    const browser = newBrowser()
    await browser.signInWithDemoIdp("carol")
    expect(await (await browser.request("/")).text()).toContain('<a class="button secondary" href="/tokens">Call an API with your Demo IdP token</a>')
    const before = (await carolsAccount())!

    const first = await browser.request("/tokens")
    expect(first.status).toBe(200)
    const firstHtml = await first.text()
    const one = shown(firstHtml)
    expect(one.status).toBe("200")
    expect(firstHtml).toContain("&quot;message&quot;: &quot;Hello, Carol Demo!&quot;")
    const afterFirst = (await carolsAccount())!
    expect(afterFirst.refresh_token).not.toBe(before.refresh_token)
    expect(afterFirst.access_token!.endsWith(one.suffix!)).toBe(true)

    const two = shown(await (await browser.request("/tokens")).text())
    expect(two.status).toBe("200")
    expect(two.suffix).not.toBe(one.suffix)
    expect(two.expiresAt).toBeGreaterThanOrEqual(one.expiresAt)
    expect(two.refreshes).toBe(one.refreshes + 1)
    expect((await carolsAccount())!.refresh_token).not.toBe(afterFirst.refresh_token)
  })

  it("allows its one inline script, the countdown, by hash and nothing else", async () => {
    const browser = newBrowser()
    await browser.signInWithDemoIdp("carol")
    const response = await browser.request("/tokens")
    const html = await response.text()
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    expect(scripts).toHaveLength(1)
    const hash = createHash("sha256").update(scripts[0]!).digest("base64")
    const csp = response.headers.get("content-security-policy")!
    expect(csp).toContain(`script-src 'sha256-${hash}';`)
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain("unsafe-inline")
  })
})

describe("the /tokens page after a restart", () => {
  it("the restarted IdP refuses the stored refresh token: the page says so (no 500), and signing in again brings a working token", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-demo-tokens-"))
    const options = { idp: { port: 0, accessTokenTtl: 10 }, database: join(dir, "demo.sqlite"), logger: silentLogger }
    let running = (await start({ port: 0, ...options })) as Running
    try {
      const browser = loopbackBrowser(running.url)
      await browser.signInWithDemoIdp("carol")
      expect(shown(await (await browser.request("/tokens")).text()).status).toBe("200")

      // Same port and database file: the browser keeps its session; the new IdP has never seen Carol's tokens.
      await running.close()
      running = (await start({ port: Number(new URL(running.url).port), ...options })) as Running
      const refused = await browser.request("/tokens")
      expect(refused.status).toBe(200)
      expect(await refused.text()).toContain("No Demo IdP access token for you")

      await browser.signInWithDemoIdp("carol")
      const again = shown(await (await browser.request("/tokens")).text())
      expect(again.status).toBe("200")
      expect(again.refreshes).toBe(1)
    } finally {
      await running.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("the /tokens page when the API refuses", () => {
  const token = { accessToken: "x".repeat(37) + "abc123", expiresAt: Math.floor(Date.now() / 1000) + 20, scope: "openid", tokenType: "bearer" }
  const page = (answer: Parameters<typeof tokensPage>[0]["answer"]) =>
    tokensPage({ token, answer, minValidity: 10, accessTokenTtl: 30, apiUrl: "http://127.0.0.1:3001/api/hello" })

  it("a 401 (the IdP restarted and forgot the token) says to sign in with the Demo IdP again", () => {
    const html = page({ status: 401, body: { error: "invalid_token" } })
    expect(html).toContain("HTTP/1.1 401")
    expect(html).toContain("The Demo IdP refused the token. It forgets every token when the demo restarts")
    expect(html).toContain("Authorization: Bearer …abc123")
    expect(html).not.toContain("x".repeat(37))
  })

  it("an unreachable IdP is said, not thrown", () => {
    expect(page({ error: "The Demo IdP's API could not be reached (TimeoutError)." })).toContain("could not be reached (TimeoutError). Try again in a moment.")
  })
})
