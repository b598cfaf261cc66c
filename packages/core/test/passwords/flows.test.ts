/**
 * The `Password` provider beyond the catalog: what proves an address drops a pending sign-up's password (RT-01),
 * `requireVerifiedEmail: false`, a change, the JSON answers, the events, the server functions, the mail through a
 * Nodemailer transport, and the configuration errors at start.
 */
import { Auth, customFetch, Gatehouse, memoryStore, type AuthConfig, type OAuthConfig } from "@gatehousejs/core"
import Email from "@gatehousejs/core/providers/email"
import Nodemailer from "@gatehousejs/core/providers/nodemailer"
import Password from "@gatehousejs/core/providers/password"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { describe, expect, it, vi } from "vitest"
import { settled } from "../../src/passwords/mail-send.js"
import { SECRET } from "../helpers/auth.js"
import { LOCAL, location, Outbox, PASSWORD, passwordConfig, PasswordBrowser, verifiedUser } from "./helpers.js"

// Every sign-in and sign-up hashes (argon2id, ~25 ms on a core): on a machine busy with other test files, a test of a
// few dozen of them takes seconds.
vi.setConfig({ testTimeout: 30_000 })

const address = () => `${crypto.randomUUID()}@example.com`
const json = { accept: "application/json" }
const NEW_PASSWORD = "a different long passphrase"

function setUp(overrides: Parameters<typeof passwordConfig>[2] = {}) {
  const adapter = SqliteAdapter({ filename: ":memory:" })
  const outbox = new Outbox()
  return { adapter, outbox, config: passwordConfig(adapter, outbox, overrides) }
}

describe("an unverified sign-up owns nothing (RT-01)", () => {
  it("the owner's e-mail sign-in removes the password someone else set at sign-up, and its sessions", async () => {
    const links: string[] = []
    const { adapter, outbox, config } = setUp({ password: { requireVerifiedEmail: false } })
    config.providers.push(Email({ sendVerificationRequest: ({ url }) => void links.push(url) }))
    const victim = address()
    // The attacker signs up with the victim's address, and (verification not required here) signs in.
    const attacker = new PasswordBrowser(config)
    await attacker.signUp(victim)
    await settled()
    expect(location(await attacker.signInWith(victim)).searchParams.get("error")).toBeNull()
    expect(await attacker.signedInAs()).toBe(victim)

    // The owner signs in with a link to the address: the address is proven; the pending password is gone.
    const owner = new PasswordBrowser(config)
    await owner.post("/signin/email", { email: victim })
    await owner.request(new URL(links.at(-1)!).pathname.replace("/auth", "") + new URL(links.at(-1)!).search)
    expect(await owner.signedInAs()).toBe(victim)
    const user = (await adapter.getUserByEmail(victim))!
    expect(user.emailVerified).toBeInstanceOf(Date)
    expect(await adapter.getUserPassword(user.id)).toBeNull()
    expect(await attacker.signedInAs()).toBeUndefined()
    expect(location(await new PasswordBrowser(config).signInWith(victim)).searchParams.get("error")).toBe("CredentialsSignin")
    expect(outbox.mails.some((m) => m.to === victim && m.purpose === "verify-email")).toBe(true)
  })

  it("an OAuth account linked by the address removes the pending password too", async () => {
    const victim = address()
    const idp = {
      id: "idp",
      name: "IdP",
      type: "oauth",
      clientId: "cid",
      clientSecret: "secret",
      checks: ["state"],
      authorization: "https://idp.example/authorize",
      token: "https://idp.example/token",
      userinfo: "https://idp.example/me",
      allowDangerousEmailAccountLinking: true,
      [customFetch]: async (input: string | URL | Request) => {
        const url = new URL(input instanceof Request ? input.url : input)
        if (url.pathname === "/token") return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600 })
        return Response.json({ id: "owner-1", email: victim })
      },
    } as unknown as OAuthConfig
    const { adapter, config } = setUp({ password: { requireVerifiedEmail: false } })
    config.providers.push(idp)
    const attacker = new PasswordBrowser(config)
    await attacker.signUp(victim)
    await settled()
    await attacker.signInWith(victim)
    expect(await attacker.signedInAs()).toBe(victim)

    const owner = new PasswordBrowser(config)
    const start = await owner.post("/signin/idp", {})
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!
    await owner.request(`/callback/idp?code=c&state=${encodeURIComponent(state)}`)
    expect(await owner.signedInAs()).toBe(victim)
    const user = (await adapter.getUserByEmail(victim))!
    expect(await adapter.getUserPassword(user.id)).toBeNull()
    expect(await attacker.signedInAs()).toBeUndefined()
  })

  it("a verified user's password stays when they also sign in by e-mail link", async () => {
    const links: string[] = []
    const { adapter, outbox, config } = setUp()
    config.providers.push(Email({ sendVerificationRequest: ({ url }) => void links.push(url) }))
    const email = address()
    await verifiedUser(config, outbox, email)
    const browser = new PasswordBrowser(config)
    await browser.post("/signin/email", { email })
    await browser.request(new URL(links.at(-1)!).pathname.replace("/auth", "") + new URL(links.at(-1)!).search)
    expect(await browser.signedInAs()).toBe(email)
    expect((await adapter.getUserPassword((await adapter.getUserByEmail(email))!.id))?.hash).toMatch(/^\$argon2id\$/)
  })
})

describe("sign-in", () => {
  it("with requireVerifiedEmail: false, an unverified user signs in", async () => {
    const { config } = setUp({ password: { requireVerifiedEmail: false } })
    const email = address()
    const browser = new PasswordBrowser(config)
    await browser.signUp(email)
    await settled()
    expect(location(await browser.signInWith(email)).href).toBe(`${LOCAL}/`)
    expect(await browser.signedInAs()).toBe(email)
  })

  it("a wrong password, an unknown address and a malformed one are the same CredentialsSignin", async () => {
    const { config, outbox } = setUp()
    const email = address()
    await verifiedUser(config, outbox, email)
    for (const [who, password] of [[email, "not the password at all"], [address(), PASSWORD], ["not an address", PASSWORD]] as const) {
      const answer = await new PasswordBrowser(config).signInWith(who, password)
      expect(location(answer).searchParams.get("error"), who).toBe("CredentialsSignin")
    }
  })

  it("the signIn callback sees the address, never the password", async () => {
    const seen: unknown[] = []
    const { config, outbox } = setUp({ callbacks: { signIn: ({ credentials }) => (seen.push(credentials), true) } })
    const email = address()
    await verifiedUser(config, outbox, email)
    await new PasswordBrowser(config).signInWith(email)
    expect(seen).toEqual([{ email }, { email }])
    expect(JSON.stringify(seen)).not.toContain(PASSWORD)
  })

  it("an unverified user's sign-in sends the verification mail again", async () => {
    const { config, outbox } = setUp()
    const email = address()
    const browser = new PasswordBrowser(config)
    await browser.signUp(email)
    expect(await outbox.to(email, "verify-email")).toHaveLength(1)
    await browser.signInWith(email)
    expect(await outbox.to(email, "verify-email")).toHaveLength(2)
    // The latest link works; so does the first, until it is used (verification links do not supersede each other).
    expect((await browser.verify(await outbox.token(email, "verify-email"))).status).toBe(302)
  })
})

describe("change", () => {
  it("needs the current password; ends the other sessions and keeps this one", async () => {
    const { config, outbox } = setUp()
    const email = address()
    const laptop = await verifiedUser(config, outbox, email)
    const phone = new PasswordBrowser(config)
    await phone.signInWith(email)
    const wrong = await laptop.post("/password/change", { currentPassword: "not the password at all", newPassword: NEW_PASSWORD }, json)
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: "wrong-password" }])
    const weak = await laptop.post("/password/change", { currentPassword: PASSWORD, newPassword: "passwordpassword" }, json)
    expect([weak.status, await weak.json()]).toEqual([400, { error: "breached" }])
    const changed = await laptop.post("/password/change", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, json)
    expect([changed.status, await changed.json()]).toEqual([200, { ok: true }])
    expect(await laptop.signedInAs()).toBe(email)
    expect(await phone.signedInAs()).toBeUndefined()
    expect(location(await new PasswordBrowser(config).signInWith(email, NEW_PASSWORD)).searchParams.get("error")).toBeNull()
  })

  it("signed out: JSON 401, a browser goes to the sign-in page and comes back", async () => {
    const { config } = setUp()
    const browser = new PasswordBrowser(config)
    const script = await browser.post("/password/change", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, json)
    expect(script.status).toBe(401)
    const page = await browser.request("/password/change", { headers: { accept: "text/html" } })
    expect(location(page).pathname).toBe("/auth/signin")
    expect(location(page).searchParams.get("callbackUrl")).toBe(`${LOCAL}/auth/password/change`)
  })
})

describe("pages and answers", () => {
  it("GET /signup, /password/forgot, /verify-email and /password/reset are pages with their forms", async () => {
    const { config } = setUp()
    const browser = new PasswordBrowser(config)
    for (const [path, action] of [
      ["/signup", "/auth/signup/password"],
      ["/password/forgot", "/auth/password/forgot"],
      ["/verify-email?token=abc", "/auth/verify-email"],
      ["/password/reset?token=abc", "/auth/password/reset"],
    ]) {
      const page = await browser.request(path!)
      expect(page.status, path).toBe(200)
      expect(page.headers.get("content-type")).toContain("text/html")
      expect(await page.text()).toContain(`action="${LOCAL}${action}"`)
    }
  })

  it("a form post from a browser is answered with a page showing the error; a script gets JSON", async () => {
    const { config } = setUp()
    const browser = new PasswordBrowser(config)
    const page = await browser.post("/signup/password", { email: address(), password: "short" })
    expect(page.status).toBe(400)
    expect(page.headers.get("content-type")).toContain("text/html")
    const script = await browser.post("/signup/password", { email: address(), password: "short" }, json)
    expect(await script.json()).toEqual({ error: "too-short" })
    const bad = await browser.post("/signup/password", { email: "not an address", password: PASSWORD }, json)
    expect(await bad.json()).toEqual({ error: "invalid-email" })
  })

  it("without a Password provider, the endpoints do not exist", async () => {
    const config: AuthConfig = { secret: SECRET, trustHost: true, basePath: "/auth", providers: [Email({ sendVerificationRequest: () => {} })], adapter: SqliteAdapter({ filename: ":memory:" }) }
    const answer = await Auth(new Request(`${LOCAL}/auth/signup`), config)
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
  })
})

describe("events", () => {
  it("signUp, passwordReset and passwordChange", async () => {
    const seen: string[] = []
    const events = {
      signUp: ({ user }: { user: { email: string } }) => void seen.push(`signUp ${user.email}`),
      passwordReset: ({ user }: { user: { email: string } }) => void seen.push(`passwordReset ${user.email}`),
      passwordChange: ({ user }: { user: { email: string } }) => void seen.push(`passwordChange ${user.email}`),
    }
    const { config, outbox } = setUp({ events })
    const email = address()
    const browser = await verifiedUser(config, outbox, email)
    await browser.post("/password/change", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
    await browser.post("/password/forgot", { email })
    await browser.post("/password/reset", { token: await outbox.token(email, "reset-password"), password: PASSWORD })
    expect(seen).toEqual([`signUp ${email}`, `passwordChange ${email}`, `passwordReset ${email}`])
  })
})

describe("server functions", () => {
  it("signUp, requestPasswordReset, resetPassword and changePassword answer as the endpoints answer JSON clients", async () => {
    const { config, outbox } = setUp()
    const { signUp, requestPasswordReset, resetPassword, changePassword } = Gatehouse(config)
    const request = new Request(`${LOCAL}/account`)
    const email = address()
    expect(await signUp(request, { email, password: "short" })).toMatchObject({ ok: false, error: "too-short" })
    expect(await signUp(request, { email, password: PASSWORD })).toMatchObject({ ok: true })
    expect(await outbox.to(email, "verify-email")).toHaveLength(1)
    expect(await requestPasswordReset(request, { email })).toMatchObject({ ok: true })
    const token = await outbox.token(email, "reset-password")
    const reset = await resetPassword(request, { token, password: NEW_PASSWORD })
    expect(reset).toMatchObject({ ok: true, url: LOCAL })
    const cookie = reset.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="))
    expect(cookie).toBeDefined()
    expect(await changePassword(request, { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).toMatchObject({ ok: false, error: "signed-out" })
    const signedIn = new Request(`${LOCAL}/account`, { headers: { cookie: cookie!.split(";")[0]! } })
    expect(await changePassword(signedIn, { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).toMatchObject({ ok: true })
  })
})

describe("mail through a Nodemailer provider's transport", () => {
  it("is used when there is no sendMail", async () => {
    const sent: Record<string, unknown>[] = []
    const transport = { sendMail: async (message: Record<string, unknown>) => (sent.push(message), {}) }
    const adapter = SqliteAdapter({ filename: ":memory:" })
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      adapter,
      rateLimit: { store: memoryStore() },
      providers: [Nodemailer({ server: transport, from: "Site <no-reply@app.example>" }), Password()],
    }
    const email = address()
    const answer = await new PasswordBrowser(config).signUp(email)
    expect(location(answer).pathname).toBe("/auth/verify-request")
    await settled()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: email, from: "Site <no-reply@app.example>" })
    expect(String(sent[0]!.text)).toContain(`${LOCAL}/auth/verify-email?token=`)
  })
})

describe("configuration errors at start", () => {
  const problems = async (config: AuthConfig) => {
    const answer = await Auth(new Request(`${LOCAL}/auth/session`), { ...config, logger: { error: (e) => errors.push(e.message), warn: () => {}, debug: () => {} } })
    expect(answer.status).toBe(500)
    return errors.splice(0).join("\n")
  }
  const errors: string[] = []
  const base = { secret: SECRET, trustHost: true, basePath: "/auth" }

  it("no adapter", async () => {
    expect(await problems({ ...base, providers: [Password({ sendMail: () => {} })] })).toContain("needs a database adapter")
  })

  it("an adapter without the password methods", async () => {
    const { getUserPassword: _g, setUserPassword: _s, ...adapter } = SqliteAdapter({ filename: ":memory:" })
    expect(await problems({ ...base, adapter, providers: [Password({ sendMail: () => {} })] })).toContain("getUserPassword, setUserPassword")
  })

  it("JWT sessions without a session registry", async () => {
    const { listSessions: _l, deleteUserSessions: _d, ...adapter } = SqliteAdapter({ filename: ":memory:" })
    const message = await problems({ ...base, adapter, session: { strategy: "jwt" }, providers: [Password({ sendMail: () => {} })] })
    expect(message).toContain("JWT sessions needs the session registry")
  })

  it("no way to send mail", async () => {
    expect(await problems({ ...base, adapter: SqliteAdapter({ filename: ":memory:" }), providers: [Password()] })).toContain("give it `sendMail`")
  })

  it("a minimum below 8", async () => {
    expect(await problems({ ...base, adapter: SqliteAdapter({ filename: ":memory:" }), providers: [Password({ sendMail: () => {}, minLength: 6 })] })).toContain("minLength")
  })
})
