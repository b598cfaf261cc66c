/**
 * The `Password` provider's server functions as helpers taking `c` (docs/passwords.md): `signUp(c, input)`,
 * `requestPasswordReset`, `resetPassword` and `changePassword`, their cookies sent with the route's response, over a
 * real SQLite store with the mails caught in an outbox.
 */
import Password, { type PasswordMail } from "@gatehousejs/core/providers/password"
import { changePassword, requestPasswordReset, resetPassword, signUp } from "@gatehousejs/hono"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import type { Context } from "hono"
import { describe, expect, it } from "vitest"
import { settled } from "../../core/src/passwords/mail-send.js"
import { Browser, readmeApp, SESSION_COOKIE, testConfig, transports } from "./helpers/app.js"

const PASSWORD = "correct horse battery staple"
const NEW_PASSWORD = "a different horse, a different staple"

/** The posted form's text fields. */
async function form(c: Context): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await c.req.parseBody()).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
}

/** The mails of `purpose`, once every mail queued so far went out (they are sent after the answer: PW-01). */
async function sent(mails: PasswordMail[], purpose: PasswordMail["purpose"]): Promise<PasswordMail[]> {
  await settled()
  return mails.filter((mail) => mail.purpose === purpose)
}

describe.each(transports)("through %s", (_, start) => {
  it("signUp, requestPasswordReset, resetPassword (the session cookie on the response) and changePassword", async () => {
    const mails: PasswordMail[] = []
    const config = testConfig({ adapter: SqliteAdapter({ filename: ":memory:" }), providers: [Password({ sendMail: (mail) => void mails.push(mail) })] })
    const app = readmeApp(config, (server) => {
      server.post("/account/sign-up", async (c) => c.json(await signUp(c, (await form(c)) as { email: string; password: string })))
      server.post("/account/forgot", async (c) => c.json(await requestPasswordReset(c, (await form(c)) as { email: string })))
      server.post("/account/reset", async (c) => c.json(await resetPassword(c, (await form(c)) as { token: string; password: string })))
      server.post("/account/change", async (c) => c.json(await changePassword(c, (await form(c)) as { currentPassword: string; newPassword: string })))
    })
    const transport = await start(app)
    try {
      const browser = new Browser(transport)
      const email = `hono-${crypto.randomUUID()}@example.com`
      expect(await (await browser.post("/account/sign-up", { email, password: "short" })).json()).toEqual({ ok: false, error: "too-short" })
      expect(await (await browser.post("/account/sign-up", { email, password: PASSWORD })).json()).toMatchObject({ ok: true })
      expect((await sent(mails, "verify-email")).map((mail) => mail.to)).toEqual([email])

      expect(await (await browser.post("/account/forgot", { email })).json()).toEqual({ ok: true })
      const token = new URL((await sent(mails, "reset-password")).at(-1)!.url).searchParams.get("token")!
      const reset = await browser.post("/account/reset", { token, password: NEW_PASSWORD })
      expect(await reset.json()).toMatchObject({ ok: true })
      expect(reset.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/HttpOnly/)
      expect(await (await browser.get("/api/auth/session")).json()).toMatchObject({ user: { email } })

      expect(await (await browser.post("/account/change", { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).json()).toEqual({ ok: true })
    } finally {
      await transport.close()
    }
  })
})
