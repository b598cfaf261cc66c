/**
 * E-mail sign-in end to end over loopback, with database sessions in a SQLite file: the real app on an ephemeral
 * port, real `fetch`, cookies carried by hand. The link is "sent" to the demo's outbox and read from the `/outbox`
 * page, as a person would. The Demo IdP is left out (`idp: false`); idp.test.ts signs in through it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start } from "../src/app.js"
import { createOutbox } from "../src/outbox.js"

interface Running {
  url: string
  database: string
  close: () => Promise<void>
}

/** Just enough of a browser's cookie store: name → value, removed when a cookie is expired. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const name = pair.slice(0, pair.indexOf("=")).trim()
      const value = pair.slice(pair.indexOf("=") + 1).trim()
      const expired = attributes.some((a) => {
        const [key = "", val = ""] = a.trim().split("=")
        return (key.toLowerCase() === "max-age" && Number(val) <= 0) || (key.toLowerCase() === "expires" && Date.parse(val) <= Date.now())
      })
      if (expired || value === "") this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

const SESSION_COOKIE = "authjs.session-token"
/** The same across the restarts below: CSRF tokens and the e-mail token hashes depend on it. */
const secret = "email-test-secret-0123456789abcdef0123456789"
const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }

let dir: string
let app: Running

function startApp(database: string): Promise<Running> {
  return start({ port: 0, idp: false, database, secret, logger: silentLogger }) as Promise<Running>
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "gatehouse-demo-"))
  app = await startApp(join(dir, "demo.sqlite"))
})

afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
  // Gatehouse logs the refusal the reused link provokes; anything else would be a bug.
  expect(errors.filter((code) => code !== "Verification")).toEqual([])
})

async function get(target: string, jar?: CookieJar, base = app.url): Promise<Response> {
  const response = await fetch(new URL(target, base), { redirect: "manual", headers: { cookie: jar?.header() ?? "" } })
  jar?.store(response)
  return response
}

async function post(path: string, form: Record<string, string>, jar: CookieJar, base = app.url): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: base },
    body: new URLSearchParams(form),
  })
  jar.store(response)
  return response
}

async function csrfToken(jar: CookieJar, base = app.url): Promise<string> {
  const response = await get("/auth/csrf", jar, base)
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return csrfToken
}

/** Submits the sign-in page's e-mail form. */
async function requestLink(jar: CookieJar, email: string, base = app.url): Promise<Response> {
  return post("/auth/signin/email", { csrfToken: await csrfToken(jar, base), email, callbackUrl: "/" }, jar, base)
}

const unescapeHtml = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")

/** The newest sign-in link for `email` on the /outbox page, as the page links it. */
async function linkFromOutbox(email: string, base = app.url): Promise<string> {
  const html = await (await get("/outbox", undefined, base)).text()
  const escaped = email.replace(/[.+]/g, "\\$&")
  const match = new RegExp(`<a class="button" href="([^"]+)">Sign in as ${escaped}</a>`).exec(html)
  expect(match, `no link for ${email} in the outbox`).not.toBeNull()
  return unescapeHtml(match![1]!)
}

/** Reads the database file as another process would. */
async function storedSession(database: string, sessionToken: string) {
  const reader = SqliteAdapter({ filename: database })
  try {
    return await reader.getSessionAndUser(sessionToken)
  } finally {
    reader.close()
  }
}

describe("e-mail sign-in through the outbox", () => {
  it("the sign-in page has an e-mail form", async () => {
    const html = await (await get("/auth/signin?callbackUrl=%2F")).text()
    expect(html).toContain(`action="${app.url}/auth/signin/email"`)
    expect(html).toContain('name="email"')
  })

  it("asking for a link lands on /check-email, which leads to the outbox", async () => {
    const jar = new CookieJar()
    const response = await requestLink(jar, "check@example.com")
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!)
    expect(location.origin + location.pathname).toBe(`${app.url}/check-email`)

    const page = await get(location.href, jar)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain("<h1>Check your email</h1>")
    expect(html).toContain('<a class="button" href="/outbox">Open the outbox</a>')
    // The page does not echo the address.
    expect(html).not.toContain("check@example.com")
    // The built-in page redirects to it too.
    const builtIn = await get("/auth/verify-request?provider=email&type=email")
    expect(new URL(builtIn.headers.get("location")!).pathname).toBe("/check-email")
  })

  it("newuser@example.com: link in the outbox, one click signs in, the session is a row in the SQLite file", async () => {
    const jar = new CookieJar()
    const asked = await requestLink(jar, "newuser@example.com")
    expect(new URL(asked.headers.get("location")!).pathname).toBe("/check-email")

    const outbox = await get("/outbox")
    expect(outbox.status).toBe(200)
    const html = await outbox.text()
    expect(html).toContain("to <strong>newuser@example.com</strong>")
    expect(html).toContain(`Sign in to ${new URL(app.url).host}`)
    expect(html).toContain("every address")
    const link = await linkFromOutbox("newuser@example.com")
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe(`${app.url}/auth/callback/email`)
    expect(url.searchParams.get("email")).toBe("newuser@example.com")
    expect(url.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/)

    const signedIn = await get(link, jar)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${app.url}/`)
    const sessionToken = jar.get(SESSION_COOKIE)
    expect(sessionToken).toBeTruthy()

    const stored = await storedSession(app.database, sessionToken!)
    expect(stored?.user.email).toBe("newuser@example.com")
    expect(stored?.user.emailVerified).toBeInstanceOf(Date)
    expect(stored!.session.expires.valueOf()).toBeGreaterThan(Date.now())

    const home = await (await get("/", jar)).text()
    expect(home).toContain("Signed in as newuser@example.com")
    expect(home).toContain("You signed in <strong>with a link sent by e-mail</strong>.")
    expect(home).toContain("&quot;signedInWith&quot;: &quot;email&quot;")
    // The session as the client sees it: the user and the expiry, not the session token.
    const session = (await (await get("/auth/session", jar)).json()) as Record<string, unknown>
    expect(session).toMatchObject({ user: { id: stored!.user.id, email: "newuser@example.com" }, signedInWith: "email" })
    expect(JSON.stringify(session)).not.toContain(sessionToken!)

    // Used once: the same link again, from another browser, is refused.
    const again = await get(link, new CookieJar())
    expect(again.status).toBe(302)
    expect(again.headers.get("location")).toBe(`${app.url}/auth/error?error=Verification`)
  })

  it("an address of a demo user signs that user in", async () => {
    const jar = new CookieJar()
    await requestLink(jar, "Alice@Example.com")
    const response = await get(await linkFromOutbox("alice@example.com"), jar)
    expect(response.status).toBe(302)
    const home = await (await get("/", jar)).text()
    expect(home).toContain("Signed in as Alice (alice@example.com)")
    expect(home).toContain("with a link sent by e-mail")
    expect(home).toContain("&quot;id&quot;: &quot;1&quot;")
  })

  it("a mail's HTML part is served sandboxed, and the outbox lists newest first", async () => {
    const jar = new CookieJar()
    await requestLink(jar, "first@example.com")
    await requestLink(jar, "second@example.com")
    const html = await (await get("/outbox")).text()
    expect(html.indexOf("second@example.com")).toBeLessThan(html.indexOf("first@example.com"))
    const id = /<a href="\/outbox\/([0-9a-f-]{36})">View the mail<\/a>/.exec(html)?.[1]
    expect(id).toBeDefined()
    const mail = await get(`/outbox/${id}`)
    expect(mail.status).toBe(200)
    expect(mail.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/)
    const body = await mail.text()
    expect(body).toContain("/auth/callback/email?")
    expect(body).not.toContain("second@example.com") // the mail names the site, never the address
    expect((await get("/outbox/00000000-0000-0000-0000-000000000000")).status).toBe(404)
  })

  it("signing out deletes the session row", async () => {
    const jar = new CookieJar()
    await requestLink(jar, "leaver@example.com")
    await get(await linkFromOutbox("leaver@example.com"), jar)
    const sessionToken = jar.get(SESSION_COOKIE)!
    expect(await storedSession(app.database, sessionToken)).not.toBeNull()
    const out = await post("/auth/signout", { csrfToken: await csrfToken(jar), callbackUrl: "/" }, jar)
    expect(out.status).toBe(302)
    expect(jar.get(SESSION_COOKIE)).toBeUndefined()
    expect(await storedSession(app.database, sessionToken)).toBeNull()
  })
})

describe("database sessions", () => {
  it("a password sign-in is a database session of the stored demo user", async () => {
    const jar = new CookieJar()
    const response = await post("/auth/callback/password", { csrfToken: await csrfToken(jar), email: "bob@example.com", password: "can we fix it yes we can", callbackUrl: "/" }, jar)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${app.url}/`)
    const stored = await storedSession(app.database, jar.get(SESSION_COOKIE)!)
    expect(stored?.user).toMatchObject({ id: "2", name: "Bob", email: "bob@example.com" })
    const home = await (await get("/", jar)).text()
    expect(home).toContain("Signed in as Bob (bob@example.com)")
    expect(home).toContain("You signed in <strong>with a password</strong>.")
  })

  it("a session survives a restart on the same database file", async () => {
    const database = join(dir, "restart.sqlite")
    const first = await startApp(database)
    const jar = new CookieJar()
    try {
      await requestLink(jar, "restart@example.com", first.url)
      const response = await get(await linkFromOutbox("restart@example.com", first.url), jar, first.url)
      expect(response.status).toBe(302)
      expect(await (await get("/", jar, first.url)).text()).toContain("Signed in as restart@example.com")
    } finally {
      await first.close()
    }

    const second = await startApp(database)
    try {
      const home = await get("/", jar, second.url)
      const html = await home.text()
      expect(html).toContain("Signed in as restart@example.com")
      // The session is in the file; how it was signed in to was in memory (see sign-in-methods.js).
      expect(html).toContain("How you signed in is not known")
      // The demo users were not created twice.
      const page = await get("/private", jar, second.url)
      expect(page.status).toBe(200)
    } finally {
      await second.close()
    }
  })

  it("a restart keeps alice and bob (created once, same ids)", async () => {
    const database = join(dir, "users.sqlite")
    for (let i = 0; i < 2; i++) await (await startApp(database)).close()
    const reader = SqliteAdapter({ filename: database })
    try {
      expect(await reader.getUser("1")).toMatchObject({ name: "Alice", email: "alice@example.com" })
      expect(await reader.getUser("2")).toMatchObject({ name: "Bob", email: "bob@example.com" })
    } finally {
      reader.close()
    }
  })
})

describe("the outbox", () => {
  const send = (outbox: ReturnType<typeof createOutbox>, to: string, expires: number) =>
    outbox.sendVerificationRequest({ identifier: to, url: `http://localhost:3000/auth/callback/email?token=t&email=${to}`, expires: new Date(expires) })

  it("keeps the newest messages, newest first, and drops a message when its link expires", async () => {
    let now = 1_000_000
    const outbox = createOutbox({ limit: 2, now: () => now })
    await send(outbox, "a@example.com", now + 600_000)
    await send(outbox, "b@example.com", now + 60_000)
    await send(outbox, "c@example.com", now + 600_000)
    expect(outbox.list().map((m) => m.to)).toEqual(["c@example.com", "b@example.com"])
    now += 60_000
    expect(outbox.list().map((m) => m.to)).toEqual(["c@example.com"])
    const [message] = outbox.list()
    expect(message).toMatchObject({ subject: "Sign in to localhost:3000", link: expect.stringContaining("token=t") })
    expect(message!.text).toContain(message!.link)
    expect(message!.html).toContain("Sign in to <strong>localhost:3000</strong>")
    expect(message!.time).toEqual(new Date(1_000_000))
  })

  it("refuses a link that is not http(s)", async () => {
    const outbox = createOutbox()
    await expect(
      outbox.sendVerificationRequest({ identifier: "x@example.com", url: "javascript:alert(1)", expires: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow(/http/)
    expect(outbox.list()).toEqual([])
  })
})
