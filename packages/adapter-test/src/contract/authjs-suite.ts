/**
 * What Auth.js's own shared adapter suite (next-auth `packages/utils/adapter`, `runBasicTests`; authjs-behaviour §7.3)
 * asserts, asserted here the same way: rows read straight from the store compared with `toEqual` against exactly what
 * was written (a row id aside), and `getSessionAndUser` / `getUser…` results compared with `toEqual` against those
 * rows. An adapter that keeps extra data in Auth.js's tables or records (a column, even a NULL one) or returns extra
 * keys fails here as it would fail there. For an adapter with Gatehouse's session registry and token refresh, the
 * rows stay Auth.js's after that state was written too: it lives beside them.
 */
import { sessionRegistryAdapterMethods, tokenRefreshAdapterMethods } from "@gatehousejs/core/adapters"
import { expect } from "vitest"
import { AUTHJS_FIELDS } from "../authjs-fields.js"
import type { CompleteAdapter, SuiteContext } from "../context.js"
import { accountFixture, accountKey, authenticatorFixture, dateFromNow, ONE_DAY, randomUUID, sessionFixture, userFixture } from "../fixtures.js"

type Row = Record<string, unknown>

/** The keys of a stored row that are not fields of the Auth.js model (a row id is allowed, as Auth.js's suite does). */
function foreignKeys(row: unknown, fields: Set<string>): string[] {
  return Object.keys((row ?? {}) as Row).filter((key) => key !== "id" && !fields.has(key))
}

/** A user as Auth.js's suite reads it back after `createUser`, and a session and an account of theirs, written. */
async function signedInUser(adapter: CompleteAdapter, db: SuiteContext["db"]): Promise<{ user: Row; session: Row; account: Row }> {
  const created = await adapter.createUser(userFixture())
  const user = (await db.user(created.id)) as unknown as Row
  const session: Row = { sessionToken: randomUUID(), userId: user.id, expires: dateFromNow(7 * ONE_DAY) }
  await adapter.createSession(session as never)
  const account: Row = { ...accountFixture(user.id as string) }
  await adapter.linkAccount(account as never)
  return { user, session, account }
}

export function authjsSuiteTests({ adapter, db, test, webauthnTest }: SuiteContext): void {
  test("Auth.js suite: createUser stores exactly the user given (toEqual), and getUser, getUserByEmail and getUserByAccount return that row", async () => {
    const input = userFixture()
    const { id } = await adapter().createUser(input)
    const stored = await db.user(id)
    expect(stored, "stored user").toEqual({ ...input, id })
    expect(await adapter().getUser(id), "getUser()").toEqual(stored)
    expect(await adapter().getUserByEmail(input.email), "getUserByEmail()").toEqual(stored)
    const account = accountFixture(id)
    await adapter().linkAccount(account)
    expect(await adapter().getUserByAccount(accountKey(account)), "getUserByAccount()").toEqual(stored)
  })

  test("Auth.js suite: createSession stores exactly the session given, and getSessionAndUser returns exactly { user, session } (toEqual)", async () => {
    const { user, session } = await signedInUser(adapter(), db)
    const stored = (await db.session(session.sessionToken as string)) as unknown as Row
    expect(stored, "stored session").toEqual({ ...session, id: stored?.id })
    expect(await adapter().getSessionAndUser(session.sessionToken as string), "getSessionAndUser()").toEqual({
      user,
      session: { ...session, userId: stored.userId, id: stored.id },
    })
  })

  test("Auth.js suite: linkAccount stores exactly the account given (toEqual)", async () => {
    const { account } = await signedInUser(adapter(), db)
    const stored = (await db.account(accountKey(account as never))) as unknown as Row
    expect(stored, "stored account").toEqual({ ...account, id: stored?.id })
  })

  test("Auth.js suite: updateSession changes the stored expires and leaves the row Auth.js's", async () => {
    const { session } = await signedInUser(adapter(), db)
    const expires = dateFromNow(30 * ONE_DAY)
    await adapter().updateSession({ sessionToken: session.sessionToken as string, expires })
    const stored = (await db.session(session.sessionToken as string)) as unknown as Row
    expect((stored.expires as Date).valueOf(), "stored expires").toBe(expires.valueOf())
    expect(foreignKeys(stored, AUTHJS_FIELDS.session), "stored session: fields that are not Auth.js's").toEqual([])
  })

  // Auth.js's suite: `expect([authenticator2, authenticator1]).toMatchObject(list)`, which compares arrays in order.
  webauthnTest("Auth.js suite: listAuthenticatorsByUserId lists a user's authenticators newest registration first", async () => {
    const a = adapter()
    const user = await a.createUser(userFixture())
    const account = accountFixture(user.id, { type: "webauthn", provider: "webauthn" })
    await a.linkAccount(account)
    const registered = []
    for (let i = 0; i < 3; i++) registered.push(await a.createAuthenticator(authenticatorFixture(user.id, account.providerAccountId)))
    await a.updateAuthenticatorCounter(registered[0]!.credentialID, 7) // a use is no new registration
    const listed = await a.listAuthenticatorsByUserId(user.id)
    expect(listed.map((found) => found.credentialID)).toEqual(registered.map((found) => found.credentialID).reverse())
  })

  test("Gatehouse's session metadata and token-refresh state are kept beside Auth.js's rows: the stored session and account stay exactly Auth.js's", async () => {
    const a = adapter()
    // `in`, not a read: reading a method the adapter lacks throws (context.ts).
    const withState = [...sessionRegistryAdapterMethods, ...tokenRefreshAdapterMethods].every((method) => method in a)
    const { session, account } = await signedInUser(a, db)
    if (withState) {
      // What core writes on a sign-in with the registry, then a refresh that failed for good.
      const metadata = { createdAt: dateFromNow(0), lastActiveAt: dateFromNow(0), userAgent: "Mozilla/5.0", ip: "192.0.2.1" }
      const registered = { ...sessionFixture(session.userId as string), ...metadata }
      await a.createSession(registered)
      await a.updateSession({ sessionToken: registered.sessionToken, lastActiveAt: dateFromNow(ONE_DAY) } as never)
      const key = accountKey(account as never)
      expect(await a.claimTokenRefresh(key, account.refresh_token as string, 60_000), "claimTokenRefresh()").toBe(true)
      const failed = { failed: { permanent: true, retryAt: dateFromNow(ONE_DAY) } }
      expect(await a.finishTokenRefresh(key, account.refresh_token as string, failed), "finishTokenRefresh()").toBe(true)
      const stored = await db.session(registered.sessionToken)
      expect(foreignKeys(stored, AUTHJS_FIELDS.session), "stored session with metadata: fields that are not Auth.js's").toEqual([])
    }
    const stored = (await db.account(accountKey(account as never))) as unknown as Row
    expect(stored, "stored account").toEqual({ ...account, id: stored?.id })
    expect(foreignKeys(await db.session(session.sessionToken as string), AUTHJS_FIELDS.session), "stored session").toEqual([])
    expect(foreignKeys(await db.user(session.userId as string), AUTHJS_FIELDS.user), "stored user").toEqual([])
  })
}
