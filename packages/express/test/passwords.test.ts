/**
 * The `Password` provider's server functions from Express routes, on Express 4 and 5 (docs/passwords.md):
 * `signUp(req, res, input)`, `requestPasswordReset`, `resetPassword` and `changePassword`, their cookies appended to
 * `res`, over a real SQLite store with the mails caught in an outbox.
 */
import Password, { type PasswordMail } from "@gatehousejs/core/providers/password"
import { ExpressAuth } from "@gatehousejs/express"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import type { Express } from "express"
import { afterEach, describe, expect, it } from "vitest"
import { settled } from "../../core/src/passwords/mail-send.js"
import { Browser, expressVersions, startApp, testConfig, type RunningApp } from "./helpers/server.js"

const PASSWORD = "correct horse battery staple"
const NEW_PASSWORD = "a different horse, a different staple"

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors ?? []).toEqual([])
    app = undefined
  })

  /** An app with `Password` on SQLite, each server function behind a JSON route of its own. */
  async function passwordApp(mails: PasswordMail[]): Promise<string> {
    const auth = ExpressAuth(
      testConfig({ adapter: SqliteAdapter({ filename: ":memory:" }), providers: [Password({ sendMail: (mail) => void mails.push(mail) })] }),
    )
    const running = (app = await startApp(express, (server: Express) => {
      server.use("/auth", auth.handlers)
      server.use(express.json())
      server.post("/account/sign-up", async (req, res) => void res.json(await auth.signUp(req, res, req.body)))
      server.post("/account/forgot", async (req, res) => void res.json(await auth.requestPasswordReset(req, res, req.body)))
      server.post("/account/reset", async (req, res) => void res.json(await auth.resetPassword(req, res, req.body)))
      server.post("/account/change", async (req, res) => void res.json(await auth.changePassword(req, res, req.body)))
    }))
    return running.url
  }

  /** The mails of `purpose`, once every mail queued so far went out (they are sent after the answer: PW-01). */
  async function sent(mails: PasswordMail[], purpose: PasswordMail["purpose"]): Promise<PasswordMail[]> {
    await settled()
    return mails.filter((mail) => mail.purpose === purpose)
  }

  it("signUp answers { ok: true } and the verify-email mail goes out; requestPasswordReset then answers { ok: true } and mails a reset link", async () => {
    const mails: PasswordMail[] = []
    const url = await passwordApp(mails)
    const browser = new Browser(url)
    const email = `express-${crypto.randomUUID()}@example.com`

    expect(await (await browser.postJson("/account/sign-up", { email, password: "short" })).json()).toEqual({ ok: false, error: "too-short" })
    const signedUp = await browser.postJson("/account/sign-up", { email, password: PASSWORD })
    expect(await signedUp.json()).toEqual({ ok: true, url: `${url}/auth/verify-request?provider=password&type=credentials&purpose=verify-email` })
    const verify = await sent(mails, "verify-email")
    expect(verify.map((mail) => mail.to)).toEqual([email])
    expect(verify[0]!.url).toMatch(new RegExp(`^${url}/auth/verify-email\\?token=`))
    // An unverified sign-up owns nothing: no session (RT-01).
    expect(await (await browser.get("/auth/session")).json()).toBeNull()

    expect(await (await browser.postJson("/account/forgot", { email })).json()).toEqual({ ok: true })
    expect((await sent(mails, "reset-password")).map((mail) => mail.to)).toEqual([email])
  })

  it("resetPassword appends this browser's session cookie to res; changePassword then works on that session", async () => {
    const mails: PasswordMail[] = []
    const url = await passwordApp(mails)
    const browser = new Browser(url)
    const email = `express-${crypto.randomUUID()}@example.com`
    await browser.postJson("/account/sign-up", { email, password: PASSWORD })
    await settled()
    await browser.postJson("/account/forgot", { email })
    const token = new URL((await sent(mails, "reset-password")).at(-1)!.url).searchParams.get("token")!

    expect(await (await browser.postJson("/account/change", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).json()).toEqual({
      ok: false,
      error: "signed-out",
    })
    const reset = await browser.postJson("/account/reset", { token, password: NEW_PASSWORD })
    expect(await reset.json()).toEqual({ ok: true, url: `${url}/` })
    expect(reset.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="))).toMatch(/HttpOnly/)
    expect(await (await browser.get("/auth/session")).json()).toMatchObject({ user: { email } })

    expect(await (await browser.postJson("/account/change", { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).json()).toEqual({ ok: true })
    expect(await (await browser.postJson("/account/reset", { token, password: NEW_PASSWORD })).json()).toEqual({ ok: false, error: "invalid-token" })
  })
})
