/**
 * Security catalog group M (PW-01 … PW-08), on SQLite, PostgreSQL and Redis: sign-up, verification, sign-in, forgot,
 * reset and change of the built-in `Password` provider, through its endpoints as a browser uses them.
 */
import type { Adapter, AuthConfig } from "@gatehousejs/core"
import { hash as bcryptHash } from "@node-rs/bcrypt"
import { afterAll, describe, expect, it, vi } from "vitest"
import { hashVerificationToken } from "../../src/email/verification-token.js"
import { holdAfterAnswer, settled } from "../../src/passwords/mail-send.js"
import { clock } from "../../src/symbols.js"
import { SECRET } from "../helpers/auth.js"
import { location, Outbox, PASSWORD, passwordConfig, PasswordBrowser, stores, verifiedUser } from "./helpers.js"

// Every sign-in and sign-up hashes (argon2id, ~25 ms on a core): on a machine busy with other test files, a test of a
// few dozen of them takes seconds.
vi.setConfig({ testTimeout: 30_000 })

const all = stores("gatehouse_pw_catalog")
afterAll(async () => {
  for (const store of all) await store.close()
})

const address = () => `${crypto.randomUUID()}@example.com`

/** The adapter with every method call's name recorded in `calls`. */
function spied(adapter: Adapter): { adapter: Adapter; calls: string[] } {
  const calls: string[] = []
  const proxy = new Proxy(adapter, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown
      if (typeof value !== "function" || typeof name !== "string") return value
      return (...args: unknown[]) => {
        calls.push(name)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { adapter: proxy, calls }
}

/**
 * The store calls a request makes before its answer (its mail work held back until then). Two answers that must not
 * tell addresses apart make the same calls, and the same hash: the time of an answer is that work (its timing, side by
 * side, is `npm run bench`'s: timed assertions do not belong in tests on a shared machine).
 */
async function beforeAnswer(calls: string[], request: () => Promise<Response>): Promise<{ calls: string[]; response: Response }> {
  const release = holdAfterAnswer()
  calls.length = 0
  const response = await request()
  const made = [...calls]
  release()
  await settled()
  return { calls: made, response }
}

describe.each(all)("group M on $name", (store) => {
  const setUp = async (overrides: Parameters<typeof passwordConfig>[2] = {}): Promise<{ adapter: Adapter; config: AuthConfig; outbox: Outbox }> => {
    const adapter = await store.adapter()
    const outbox = new Outbox()
    return { adapter, config: passwordConfig(adapter, outbox, overrides), outbox }
  }

  it.skipIf(!store.up)("PW-01: sign-up with a taken address answers as for a new one, with the same work; the owner is told; no second user", async () => {
    const outbox = new Outbox()
    const spy = spied(await store.adapter())
    const config = passwordConfig(spy.adapter, outbox)
    const owner = address()
    await verifiedUser(config, outbox, owner)
    const visitor = new PasswordBrowser(config)
    await visitor.csrfToken()
    const fresh = await beforeAnswer(spy.calls, () => visitor.signUp(address()))
    const taken = await beforeAnswer(spy.calls, () => visitor.signUp(owner))
    expect(taken.response.status).toBe(fresh.response.status)
    expect(location(taken.response).href).toBe(location(fresh.response).href)
    expect(await taken.response.text()).toBe(await fresh.response.text())
    expect(taken.calls).toEqual(fresh.calls)
    expect(fresh.calls).toEqual(["getUserByEmail"])
    expect(await outbox.to(owner, "account-exists")).toHaveLength(1)
    expect(await outbox.to(owner, "verify-email")).toHaveLength(1) // only the owner's own sign-up's
    const user = await spy.adapter.getUserByEmail!(owner)
    expect(user?.emailVerified).toBeInstanceOf(Date)
    expect((await spy.adapter.getUserPassword!(user!.id))?.hash).toMatch(/^\$argon2id\$/)
  })

  it.skipIf(!store.up)("PW-02: 14 characters and a common password are refused, a 64-character Unicode one accepted; no composition rule", async () => {
    const { config, outbox } = await setUp()
    const browser = new PasswordBrowser(config)
    const json = { accept: "application/json" }
    const short = await browser.post("/signup/password", { email: address(), password: "abcdefghijklmn" }, json)
    expect([short.status, await short.json()]).toEqual([400, { error: "too-short" }])
    const common = await browser.post("/signup/password", { email: address(), password: "1qaz2wsx3edc4rfv" }, json)
    expect([common.status, await common.json()]).toEqual([400, { error: "breached" }])
    const unicode = "пароль-密码-🔐-".repeat(4).slice(0, 64)
    const email = address()
    const accepted = await browser.post("/signup/password", { email, password: unicode }, json)
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ ok: true })
    // Lower-case words only: no composition rule refuses it.
    const other = address()
    expect((await browser.post("/signup/password", { email: other, password: "lowercase words only here" }, json)).status).toBe(200)
    // NFKC: the same password typed with full-width letters signs in.
    await browser.verify(await outbox.token(email, "verify-email"))
    const again = new PasswordBrowser(config)
    expect(location(await again.signInWith(email, unicode.normalize("NFKD"))).pathname).not.toContain("error")
  })

  it.skipIf(!store.up)("PW-03: the stored credential is argon2id at OWASP's parameters; an imported bcrypt hash verifies and is replaced", async () => {
    const { adapter, config, outbox } = await setUp()
    const email = address()
    const browser = await verifiedUser(config, outbox, email)
    const user = (await adapter.getUserByEmail!(email))!
    const stored = (await adapter.getUserPassword!(user.id))!
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
    expect(stored.hash).not.toContain(PASSWORD)
    expect(await browser.signedInAs()).toBe(email)

    // A user imported from another system with a bcrypt hash of the password exactly as typed.
    const imported = await adapter.createUser!({ id: crypto.randomUUID(), email: address(), emailVerified: new Date() })
    await adapter.setUserPassword!(imported.id, { hash: await bcryptHash("imported password 123", 10), resetToken: null, updatedAt: new Date() })
    const other = new PasswordBrowser(config)
    const response = await other.signInWith(imported.email, "imported password 123")
    expect(response.status).toBe(302)
    expect(await other.signedInAs()).toBe(imported.email)
    expect((await adapter.getUserPassword!(imported.id))!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    // And the re-hashed credential still signs in.
    expect(await new PasswordBrowser(config).signInWith(imported.email, "imported password 123").then((r) => location(r).searchParams.get("error"))).toBeNull()
  })

  for (const strategy of ["database", "jwt"] as const) {
    it.skipIf(!store.up)(`PW-04 (${strategy}): a reset token is single use, expires, is stored hashed and dies with a later reset; a reset revokes every session`, async () => {
      const frozen = { at: Date.now() }
      const { adapter, config, outbox } = await setUp({ session: { strategy } })
      Object.assign(config, { [clock]: () => frozen.at })
      const email = address()
      const laptop = await verifiedUser(config, outbox, email)
      const phone = new PasswordBrowser(config)
      await phone.signInWith(email)
      expect(await phone.signedInAs()).toBe(email)

      const visitor = new PasswordBrowser(config)
      await visitor.post("/password/forgot", { email })
      const first = await outbox.token(email, "reset-password")
      await visitor.post("/password/forgot", { email })
      const second = await outbox.token(email, "reset-password")
      expect(second).not.toBe(first)

      // Stored hashed: the record holds the keyed hash of the latest token, never the token.
      const user = (await adapter.getUserByEmail!(email))!
      const record = (await adapter.getUserPassword!(user.id))!
      expect(record.resetToken).toBe(await hashVerificationToken(second, SECRET))
      expect(JSON.stringify(record)).not.toContain(second.split(".")[1])

      const json = { accept: "application/json" }
      const newPassword = "a brand new passphrase for this test"
      const dead = await visitor.post("/password/reset", { token: first, password: newPassword }, json)
      expect([dead.status, await dead.json()]).toEqual([400, { error: "invalid-token" }])

      const reset = await visitor.post("/password/reset", { token: second, password: newPassword }, json)
      expect(reset.status).toBe(200)
      expect(await visitor.signedInAs()).toBe(email)
      // Every other session of the user is gone: the laptop's and the phone's.
      expect(await laptop.signedInAs()).toBeUndefined()
      expect(await phone.signedInAs()).toBeUndefined()
      // Single use.
      const replay = await new PasswordBrowser(config).post("/password/reset", { token: second, password: "yet another passphrase here" }, json)
      expect([replay.status, await replay.json()]).toEqual([400, { error: "invalid-token" }])
      // The old password no longer signs in; the new one does.
      expect(location(await new PasswordBrowser(config).signInWith(email)).searchParams.get("error")).toBe("CredentialsSignin")
      expect(location(await new PasswordBrowser(config).signInWith(email, newPassword)).searchParams.get("error")).toBeNull()

      // Expiry: a token older than resetMaxAge (1 h) is refused.
      await visitor.post("/password/forgot", { email })
      const late = await outbox.token(email, "reset-password")
      frozen.at += 3601 * 1000
      const expired = await visitor.post("/password/reset", { token: late, password: "the passphrase after expiry" }, json)
      expect([expired.status, await expired.json()]).toEqual([400, { error: "invalid-token" }])
    })
  }

  it.skipIf(!store.up)("PW-05: forgot answers the same for an unknown and a known address, with the same work; mail only for the known one", async () => {
    const outbox = new Outbox()
    const spy = spied(await store.adapter())
    const config = passwordConfig(spy.adapter, outbox)
    const known = address()
    await verifiedUser(config, outbox, known)
    const visitor = new PasswordBrowser(config)
    await visitor.csrfToken()
    const unknown = address()
    const a = await beforeAnswer(spy.calls, () => visitor.post("/password/forgot", { email: unknown }))
    const b = await beforeAnswer(spy.calls, () => visitor.post("/password/forgot", { email: known }))
    expect(a.response.status).toBe(b.response.status)
    const page = async (r: Response) => (await r.text()).replace(/value="[^"]*"/g, "")
    expect(await page(a.response)).toBe(await page(b.response))
    expect(a.calls).toEqual(b.calls)
    expect(await outbox.to(unknown)).toHaveLength(0)
    expect(await outbox.to(known, "reset-password")).toHaveLength(1)
    const json = { accept: "application/json" }
    const c = await visitor.post("/password/forgot", { email: address() }, json)
    const d = await visitor.post("/password/forgot", { email: known }, json)
    expect([c.status, await c.json()]).toEqual([d.status, await d.json()])
  })

  it.skipIf(!store.up)("PW-06: an unverified user's correct password gives no session; the link's GET consumes nothing, its POST verifies once", async () => {
    const { adapter, config, outbox } = await setUp()
    const email = address()
    const browser = new PasswordBrowser(config)
    const signedUp = await browser.signUp(email)
    expect(location(signedUp).pathname).toBe("/auth/verify-request")
    const token = await outbox.token(email, "verify-email")

    const early = await browser.signInWith(email)
    expect(location(early).pathname).toBe("/auth/verify-request")
    expect(early.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
    expect(await browser.signedInAs()).toBeUndefined()

    // A mail scanner opens the link: a page with a button, nothing used.
    const scanner = new PasswordBrowser(config)
    for (let i = 0; i < 3; i++) {
      const page = await scanner.request(`/verify-email?token=${encodeURIComponent(token)}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`name="token" value="${token}"`)
    }
    expect((await adapter.getUserByEmail!(email))!.emailVerified).toBeNull()

    const verified = await browser.verify(token)
    expect(verified.status).toBe(302)
    expect(await browser.signedInAs()).toBe(email)
    expect((await adapter.getUserByEmail!(email))!.emailVerified).toBeInstanceOf(Date)
    const again = await new PasswordBrowser(config).post("/verify-email", { token }, { accept: "application/json" })
    expect([again.status, await again.json()]).toEqual([400, { error: "invalid-token" }])
  })

  it.skipIf(!store.up)("PW-07: 32 concurrent password sign-ins leave the event loop free (the hashes run off the main thread)", async () => {
    const { config, outbox } = await setUp({ rateLimit: false })
    const email = address()
    await verifiedUser(config, outbox, email)
    // The event loop turns while the hashes run: a timer of 1 ms keeps firing. Hashing on the main thread (~25 ms a
    // hash, 32 of them) would leave it about one turn per hash. The bound the issue sets — delay p99 under 5 ms — is
    // measured by `npm run bench` on a quiet machine: a test shares its cores with other test files.
    let turns = 0
    const timer = setInterval(() => turns++, 1)
    const start = performance.now()
    const answers = await Promise.all(Array.from({ length: 32 }, () => new PasswordBrowser(config).signInWith(email)))
    const elapsed = performance.now() - start
    clearInterval(timer)
    expect(answers.every((r) => r.status === 302 && !location(r).searchParams.has("error"))).toBe(true)
    expect(turns, `${turns} turns in ${elapsed.toFixed(0)} ms`).toBeGreaterThan(elapsed / 12)
  })

  it.skipIf(!store.up)("PW-08: sign-up, forgot and verify are limited per address and per client (429, Retry-After); every POST checks CSRF and Origin", async () => {
    const { config } = await setUp()
    const json = { accept: "application/json" }
    // Per address: the fourth sign-up mail to one address within ten minutes, from four different clients.
    const target = address()
    const answers: Response[] = []
    for (let i = 0; i < 4; i++) {
      const browser = new PasswordBrowser(config)
      browser.peer = `203.0.113.${i + 1}`
      answers.push(await browser.post("/signup/password", { email: target, password: PASSWORD }, json))
    }
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200])
    expect(answers[3]!.status).toBe(429)
    expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await answers[3]!.json()).toMatchObject({ error: "TooManyRequests" })

    // Per client: one client, many addresses.
    const client = new PasswordBrowser(config)
    client.peer = "198.51.100.7"
    let status = 0
    for (let i = 0; i < 12 && status !== 429; i++) status = (await client.post("/password/forgot", { email: address() }, json)).status
    expect(status).toBe(429)
    const verifier = new PasswordBrowser(config)
    verifier.peer = "198.51.100.8"
    status = 0
    for (let i = 0; i < 40 && status !== 429; i++) status = (await verifier.post("/verify-email", { token: "x" }, json)).status
    expect(status).toBe(429)

    // CSRF and Origin on every POST.
    const posts: [string, Record<string, string>][] = [
      ["/signup/password", { email: address(), password: PASSWORD }],
      ["/verify-email", { token: "x" }],
      ["/password/forgot", { email: address() }],
      ["/password/reset", { token: "x", password: PASSWORD }],
      ["/password/change", { currentPassword: PASSWORD, newPassword: "another long passphrase" }],
    ]
    const refusedAsCsrf = async (response: Response) => response.status === 403 && ((await response.json()) as { error: string }).error === "MissingCSRF"
    for (const [path, body] of posts) {
      const browser = new PasswordBrowser(config)
      expect(await refusedAsCsrf(await browser.request(path, { body, headers: json })), `${path} without a CSRF token`).toBe(true)
      const token = await browser.csrfToken()
      const foreign = await browser.request(path, { body: { ...body, csrfToken: token }, headers: { ...json, origin: "https://evil.example" } })
      expect(await refusedAsCsrf(foreign), `${path} from another origin`).toBe(true)
      // A browser's form post is sent to the sign-in page, as Auth.js's forms are.
      const page = await browser.request(path, { body, headers: { accept: "text/html" } })
      expect(location(page).searchParams.get("error"), path).toBe("MissingCSRF")
    }
    // The sign-in form is Auth.js's credentials callback: its answer is Auth.js's.
    const signIn = await new PasswordBrowser(config).request("/callback/password", { body: { email: address(), password: PASSWORD } })
    expect(location(signIn).searchParams.get("error")).toBe("MissingCSRF")
  })
})
