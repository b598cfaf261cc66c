/**
 * The `Password` provider's server functions from `NextAuth()` (docs/passwords.md): `signUp`, `requestPasswordReset`,
 * `resetPassword` and `changePassword` on the request of the scope (`headers()`), the cookies they set written with
 * `cookies().set()`, over a real SQLite store with the mails caught in an outbox.
 */
import Password, { type PasswordMail } from "@gatehousejs/core/providers/password"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { settled } from "../../../core/src/passwords/mail-send.js"
import NextAuth from "../../src/index.js"
import { cookiePairs, ORIGIN, SESSION_COOKIE, testConfig } from "./helpers.js"
import { enterScope, scope, writtenCookies } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

const PASSWORD = "correct horse battery staple"
const NEW_PASSWORD = "a different horse, a different staple"

let mails: PasswordMail[]
beforeEach(() => {
  mails = []
  enterScope()
})

function passwordAuth() {
  const adapter = SqliteAdapter({ filename: ":memory:" })
  return NextAuth(testConfig({ adapter, providers: [Password({ sendMail: (mail) => void mails.push(mail) })] }))
}

/** The mails of `purpose`, once every mail queued so far went out (they are sent after the answer: PW-01). */
async function sent(purpose: PasswordMail["purpose"]): Promise<PasswordMail[]> {
  await settled()
  return mails.filter((mail) => mail.purpose === purpose)
}

describe("the Password server functions in Next.js", () => {
  it("signUp answers { ok: true } and the verify-email mail goes out; requestPasswordReset then answers { ok: true } and mails a reset link", async () => {
    const { signUp, requestPasswordReset } = passwordAuth()
    const email = `next-${crypto.randomUUID()}@example.com`

    expect(await signUp({ email, password: "short" })).toEqual({ ok: false, error: "too-short" })
    expect(await signUp({ email, password: PASSWORD })).toEqual({ ok: true, url: `${ORIGIN}/api/auth/verify-request?provider=password&type=credentials&purpose=verify-email` })
    const verify = await sent("verify-email")
    expect(verify.map((mail) => mail.to)).toEqual([email])
    expect(verify[0]!.url).toMatch(new RegExp(`^${ORIGIN}/api/auth/verify-email\\?token=`))
    // An unverified sign-up owns nothing: no session cookie is written (RT-01).
    expect(writtenCookies().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([])

    expect(await requestPasswordReset({ email })).toEqual({ ok: true })
    expect((await sent("reset-password")).map((mail) => mail.to)).toEqual([email])
    expect(scope.headersCalls).toBeGreaterThan(0)
  })

  it("resetPassword writes this browser's session with cookies().set; changePassword then works on that session", async () => {
    const { signUp, requestPasswordReset, resetPassword, changePassword, auth } = passwordAuth()
    const email = `next-${crypto.randomUUID()}@example.com`
    await signUp({ email, password: PASSWORD })
    await settled()
    await requestPasswordReset({ email })
    const token = new URL((await sent("reset-password")).at(-1)!.url).searchParams.get("token")!

    expect(await changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({ ok: false, error: "signed-out" })
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ ok: true, url: ORIGIN })
    const session = writtenCookies().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(session).toMatch(/HttpOnly/)

    enterScope({ cookie: cookiePairs(writtenCookies()) })
    expect(await auth()).toMatchObject({ user: { email } })
    expect(await changePassword({ currentPassword: PASSWORD, newPassword: PASSWORD })).toEqual({ ok: false, error: "wrong-password" })
    expect(await changePassword({ currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).toEqual({ ok: true })
    // A used reset link does not work twice.
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ ok: false, error: "invalid-token" })
  })
})
