/**
 * The demo's `Password` provider over loopback: what its mails look like in the outbox (a button per link), the
 * sign-up's confirmation link, the same answer for a taken address, and alice and bob brought to the provider in a
 * database made before it. The browser walk through sign-up, confirmation, forgot and reset is e2e/password.test.mjs.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start } from "../src/app.js"
import { createOutbox } from "../src/outbox.js"
import { CookieJar } from "./cookie-jar.js"

interface Running {
  url: string
  close: () => Promise<void>
}

const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }
/** A sign-up hashes with argon2id and loads the list of common passwords: more than vitest's 5 s on a busy CI machine. */
const SLOW = 20_000

let dir: string
let app: Running

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "gatehouse-demo-password-"))
  app = (await start({ port: 0, idp: false, database: join(dir, "demo.sqlite"), logger: silentLogger })) as Running
})

afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
  expect(errors).toEqual([])
})

async function request(jar: CookieJar, target: string, form?: Record<string, string>, base = app.url): Promise<Response> {
  const url = new URL(target, base)
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { cookie: jar.header(url), ...(form && { "content-type": "application/x-www-form-urlencoded", origin: url.origin }) },
    body: form && new URLSearchParams(form),
  })
  jar.store(response)
  return response
}

async function csrfToken(jar: CookieJar, base = app.url): Promise<string> {
  return ((await (await request(jar, "/auth/csrf", undefined, base)).json()) as { csrfToken: string }).csrfToken
}

const unescapeHtml = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")

/** The outbox's button named `label`, waited for: the provider sends its mails after its answer. */
async function outboxButton(label: string): Promise<string> {
  const escaped = label.replace(/[.+?]/g, "\\$&")
  for (let tries = 0; tries < 40; tries++) {
    const html = await (await fetch(`${app.url}/outbox`)).text()
    const match = new RegExp(`<a class="button(?: secondary)?" href="([^"]+)">${escaped}</a>`).exec(html)
    if (match) return unescapeHtml(match[1]!)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No "${label}" in the outbox`)
}

describe("sign-up through the outbox", () => {
  it("the confirmation link's GET shows a button and signs in nobody; the button confirms the address and signs in", async () => {
    const jar = new CookieJar()
    const email = "dora@example.com"
    const form = { csrfToken: await csrfToken(jar), email, name: "Dora", password: "a map of every street in town", callbackUrl: "/" }
    const signedUp = await request(jar, "/auth/signup/password", form)
    expect(signedUp.status).toBe(302)
    const checkEmail = new URL(signedUp.headers.get("location")!)
    expect(checkEmail.pathname).toBe("/check-email")
    expect(checkEmail.searchParams.get("purpose")).toBe("verify-email")
    expect(await (await request(jar, checkEmail.href)).text()).toContain("A link to confirm your address has been sent to your email address.")

    const link = new URL(await outboxButton(`Confirm the address ${email}`))
    expect(link.pathname).toBe("/auth/verify-email")
    const page = await request(jar, link.href)
    expect(page.status).toBe(200)
    expect(jar.has("authjs.session-token")).toBe(false)
    const html = await page.text()
    expect(html).toContain("Confirm your address</button>")

    const confirmed = await request(jar, "/auth/verify-email", { csrfToken: await csrfToken(jar), token: link.searchParams.get("token")! })
    expect(confirmed.status).toBe(302)
    expect(jar.has("authjs.session-token")).toBe(true)
    const home = await (await request(jar, "/")).text()
    expect(home).toContain("Signed in as Dora (dora@example.com)")
    expect(home).toContain("You signed in <strong>with a password</strong>.")
  }, SLOW)

  it("a sign-up with alice's address gets the same answer; alice's mail offers her a sign-in and a reset instead", async () => {
    const jar = new CookieJar()
    const form = { csrfToken: await csrfToken(jar), email: "alice@example.com", password: "someone else's long password", callbackUrl: "/" }
    const answer = await request(jar, "/auth/signup/password", form)
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.get("location")!).searchParams.get("purpose")).toBe("verify-email")
    expect(jar.has("authjs.session-token")).toBe(false)

    expect(new URL(await outboxButton("Sign in as alice@example.com")).pathname).toBe("/auth/signin")
    expect(new URL(await outboxButton("Reset the password of alice@example.com")).pathname).toBe("/auth/password/forgot")
    // Her password is still hers.
    const signIn = await request(jar, "/auth/callback/password", { csrfToken: await csrfToken(jar), email: "alice@example.com", password: "down the rabbit hole", callbackUrl: "/" })
    expect(signIn.headers.get("location")).toBe(`${app.url}/`)
  }, SLOW)
})

describe("alice and bob", () => {
  it("a database from before the Password provider (both unverified, no password) gets them verified, with their passwords, at start", async () => {
    const database = join(dir, "before.sqlite")
    const old = SqliteAdapter({ filename: database })
    old.migrate()
    await old.createUser({ id: "1", name: "Alice", email: "alice@example.com", emailVerified: null })
    await old.createUser({ id: "2", name: "Bob", email: "bob@example.com", emailVerified: null })
    old.close()

    const restarted = (await start({ port: 0, idp: false, database, logger: silentLogger })) as Running
    try {
      const jar = new CookieJar()
      const form = { csrfToken: await csrfToken(jar, restarted.url), email: "bob@example.com", password: "can we fix it yes we can", callbackUrl: "/" }
      const signIn = await request(jar, "/auth/callback/password", form, restarted.url)
      expect(signIn.headers.get("location")).toBe(`${restarted.url}/`)
    } finally {
      await restarted.close()
    }
    const reader = SqliteAdapter({ filename: database })
    try {
      expect((await reader.getUser("1"))?.emailVerified).toBeInstanceOf(Date)
      expect((await reader.getUserPassword("1"))?.hash).toMatch(/^\$argon2id\$/)
    } finally {
      reader.close()
    }
  }, SLOW)
})

describe("the outbox", () => {
  it("keeps a Password mail with a button per link, named for what it does; the account-exists mail a day", async () => {
    const now = Date.parse("2026-01-01T12:00:00Z")
    const outbox = createOutbox({ now: () => now })
    const mail = { locale: "en", subject: "s", text: "t", html: "<p>h</p>" } as const
    await outbox.sendMail({ ...mail, to: "a@example.com", purpose: "reset-password", url: "http://localhost:3000/auth/password/reset?token=r", expires: new Date(now + 3_600_000) })
    await outbox.sendMail({ ...mail, to: "b@example.com", purpose: "account-exists", url: "http://localhost:3000/auth/signin", resetUrl: "http://localhost:3000/auth/password/forgot" })
    const [exists, reset] = outbox.list()
    expect(reset).toMatchObject({ singleUse: true, link: "http://localhost:3000/auth/password/reset?token=r", links: [{ label: "Reset the password of a@example.com" }] })
    expect(exists).toMatchObject({
      singleUse: false,
      links: [
        { label: "Sign in as b@example.com", href: "http://localhost:3000/auth/signin" },
        { label: "Reset the password of b@example.com", href: "http://localhost:3000/auth/password/forgot" },
      ],
    })
    expect(exists!.expires.valueOf()).toBe(now + 24 * 3_600_000)
  })

  it("refuses a link that is not http(s)", async () => {
    const outbox = createOutbox()
    const mail = { to: "a@example.com", purpose: "verify-email", locale: "en", subject: "s", text: "t", html: "h" } as const
    await expect(outbox.sendMail({ ...mail, url: "javascript:alert(1)" })).rejects.toThrow("http(s)")
    expect(outbox.list()).toEqual([])
  })
})
