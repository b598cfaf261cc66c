/**
 * "Your sessions" in the demo (issue 17), over loopback: alice signed in from two browsers (a laptop and a phone, each
 * its own cookie jar and User-Agent), the home page's link to Gatehouse's built-in page, the page and its JSON twin
 * listing both, and the page's "Sign out everywhere else" form ending the phone's session while the laptop's lives on.
 * Each test gets a fresh app on an in-memory database, so the counts are alice's sessions of that test only.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { start } from "../src/app.js"
import { CookieJar } from "./cookie-jar.js"

interface Running {
  url: string
  close: () => Promise<void>
}

/** One entry of `GET /auth/sessions` as JSON (docs/sessions.md). */
interface SessionEntry {
  id: string
  current: boolean
  createdAt: string | null
  lastActiveAt: string | null
  expires: string
  userAgent: string | null
  ip: string | null
}

/** A browser: its cookies and the User-Agent it sends, which the sessions page names the device by. */
interface Browser {
  jar: CookieJar
  userAgent: string
}

const LAPTOP_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }

let app: Running

beforeEach(async () => {
  app = await start({ port: 0, idp: false, database: ":memory:", logger: silentLogger })
})

afterEach(async () => {
  await app?.close()
  expect(errors).toEqual([])
})

/** One request as `browser` makes it: its cookies and User-Agent, no redirect followed; a `form` makes it a POST. */
async function request(browser: Browser, path: string, init: { accept?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const url = new URL(path, app.url)
  const headers: Record<string, string> = { cookie: browser.jar.header(url), "user-agent": browser.userAgent }
  if (init.accept) headers.accept = init.accept
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded"
    headers.origin = app.url
  }
  const response = await fetch(url, {
    method: init.form ? "POST" : "GET",
    redirect: "manual",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  })
  browser.jar.store(response)
  return response
}

/** A new browser signed in as alice with her password, as the sign-in page's form does it. */
async function aliceOn(userAgent: string): Promise<Browser> {
  const browser = { jar: new CookieJar(), userAgent }
  const { csrfToken } = (await (await request(browser, "/auth/csrf")).json()) as { csrfToken: string }
  const response = await request(browser, "/auth/callback/password", { form: { csrfToken, email: "alice@example.com", password: "down the rabbit hole", callbackUrl: "/" } })
  expect(response.headers.get("location")).toBe(`${app.url}/`)
  expect(browser.jar.has("authjs.session-token")).toBe(true)
  return browser
}

async function sessionsJson(browser: Browser): Promise<SessionEntry[]> {
  const response = await request(browser, "/auth/sessions", { accept: "application/json" })
  expect(response.status).toBe(200)
  return (await response.json()) as SessionEntry[]
}

/** Who `GET /auth/session` says is signed in: the e-mail, or null. */
async function signedInAs(browser: Browser): Promise<string | null> {
  const session = (await (await request(browser, "/auth/session", { accept: "application/json" })).json()) as { user?: { email?: string } } | null
  return session?.user?.email ?? null
}

/** The page's `<li class="session…">` items, one per signed-in browser. */
function sessionItems(html: string): string[] {
  return html.match(/<li class="session[^"]*">[\s\S]*?<\/li>/g) ?? []
}

describe("the demo's Your sessions", () => {
  it("the signed-in home page links to the built-in page next to the private page", async () => {
    const laptop = await aliceOn(LAPTOP_UA)
    const home = await (await request(laptop, "/", { accept: HTML })).text()
    expect(home).toContain('<a class="button secondary" href="/private">Private page</a>\n<a class="button secondary" href="/auth/sessions">Your sessions</a>')
  })

  it("lists alice's two browsers as JSON, only the asking one current, each with its User-Agent", async () => {
    const laptop = await aliceOn(LAPTOP_UA)
    const phone = await aliceOn(PHONE_UA)

    const fromLaptop = await sessionsJson(laptop)
    expect(fromLaptop).toHaveLength(2)
    expect(fromLaptop.filter((entry) => entry.current).map((entry) => entry.userAgent)).toEqual([LAPTOP_UA])
    expect(new Set(fromLaptop.map((entry) => entry.userAgent))).toEqual(new Set([LAPTOP_UA, PHONE_UA]))

    // The same two sessions from the phone, where the phone's is the current one.
    const fromPhone = await sessionsJson(phone)
    expect(fromPhone.map((entry) => entry.id).sort()).toEqual(fromLaptop.map((entry) => entry.id).sort())
    expect(fromPhone.filter((entry) => entry.current).map((entry) => entry.userAgent)).toEqual([PHONE_UA])
  })

  it("a browser gets the page: both devices, this one marked, a Sign out button for the other only", async () => {
    const laptop = await aliceOn(LAPTOP_UA)
    await aliceOn(PHONE_UA)
    const phoneId = (await sessionsJson(laptop)).find((entry) => !entry.current)!.id

    const response = await request(laptop, "/auth/sessions", { accept: HTML })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain("<h1>Your sessions</h1>")
    const items = sessionItems(html)
    expect(items).toHaveLength(2)
    const current = items.filter((item) => item.includes('<span class="badge">This device</span>'))
    expect(current).toHaveLength(1)
    expect(current[0]).toContain("Firefox on Linux")
    expect(current[0]).not.toContain("<button")
    const other = items.find((item) => item !== current[0])!
    expect(other).toContain("Safari on iPhone")
    expect(other).toContain(`<input type="hidden" name="id" value="${phoneId}">`)
    expect(other).toContain(">Sign out</button>")
    expect(html).toContain(">Sign out everywhere else</button>")
  })

  it("the page's Sign out everywhere else ends the phone's session and keeps the laptop's", async () => {
    const laptop = await aliceOn(LAPTOP_UA)
    const phone = await aliceOn(PHONE_UA)
    expect(await signedInAs(phone)).toBe("alice@example.com")

    const page = await (await request(laptop, "/auth/sessions", { accept: HTML })).text()
    const csrfToken = /<input type="hidden" name="csrfToken" value="([^"]+)">/.exec(page)?.[1]
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(page).toContain('<input type="hidden" name="all" value="true">')

    // As the browser submits the page's form: a form post asking for HTML, sent back to the page with the count.
    const revoke = await request(laptop, "/auth/sessions/revoke", { accept: HTML, form: { csrfToken: csrfToken!, all: "true" } })
    expect(revoke.status).toBe(302)
    expect(revoke.headers.get("location")).toBe(`${app.url}/auth/sessions?revoked=1`)

    const after = await (await request(laptop, revoke.headers.get("location")!, { accept: HTML })).text()
    expect(after).toContain("Signed out 1 other session.")
    expect(sessionItems(after)).toHaveLength(1)
    expect(after).toContain("This is your only session.")

    expect(await signedInAs(phone)).toBeNull()
    expect(await (await request(phone, "/", { accept: HTML })).text()).toContain("You are not signed in.")
    expect(await signedInAs(laptop)).toBe("alice@example.com")
    expect((await sessionsJson(laptop)).map((entry) => entry.userAgent)).toEqual([LAPTOP_UA])
  })
})
