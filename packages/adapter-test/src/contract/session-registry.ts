/**
 * Gatehouse's session registry (core's optional adapter methods, docs/sessions.md, issue 17): a session keeps when it
 * began, when it was last seen, and the browser and address it began from; `listSessions` shows a user where they
 * are signed in, `deleteUserSessions` signs them out everywhere (else), and `setSessionsNotBefore` records when (RT-12:
 * cookies without a record id issued before it sign in no more). The session check also says whether one of the
 * user's accounts has lost its refresh token for good (`refreshFailed`), in the same round trip.
 *
 * `sessionRegistryTests` runs in the suite for an adapter that has the methods (skipped, such as for an Auth.js
 * adapter, otherwise); its `refreshFailed` tests need the token-refresh methods too. The metadata is kept beside
 * Auth.js's session row: the `db` reader's `session` must not show it (Auth.js's suite compares that row with
 * `toEqual`), its `sessionMetadata`, when given, reads it under the model's names (`createdAt`, …), as `Date`s.
 */
import type { Adapter } from "@gatehousejs/core"
import { sessionRegistryAdapterMethods, type SessionMetadata } from "@gatehousejs/core/adapters"
import { expect } from "vitest"
import { expectModel, isNothing } from "../compare.js"
import { newAccount, newSession, newUser, type CompleteAdapter, type SuiteContext } from "../context.js"
import { accountKey, dateFromNow, ONE_DAY, ONE_MINUTE, randomUUID, sessionFixture } from "../fixtures.js"

type NewSession = ReturnType<typeof sessionFixture> & Partial<SessionMetadata>

const METADATA_FIELDS = ["createdAt", "lastActiveAt", "userAgent", "ip"] as const
const UNKNOWN_METADATA: SessionMetadata = { createdAt: null, lastActiveAt: null, userAgent: null, ip: null }

/** How long a store with native expiry (Redis) may take to drop a session created already expired. */
const EXPIRY_MARGIN_MS = 20

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A sign-in's metadata: a real browser's User-Agent (quotes and non-ASCII kept as they are) and an IPv6 address. */
function metadataFixture(overrides: Partial<SessionMetadata> = {}): SessionMetadata {
  return {
    createdAt: dateFromNow(-ONE_DAY),
    lastActiveAt: dateFromNow(-ONE_MINUTE),
    userAgent: `Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 "Ünïcode" ${randomUUID()}`,
    ip: "2001:db8::7",
    ...overrides,
  }
}

/** A new session of `userId` with the metadata of a sign-in, stored through `createSession`. */
async function registeredSession(adapter: CompleteAdapter, userId: string, overrides: Partial<NewSession> = {}): Promise<NewSession> {
  const session = { ...sessionFixture(userId), ...metadataFixture(), ...overrides }
  await adapter.createSession(session)
  return session
}

/** Creates a session that has already expired; a store may refuse to (core never asks it to), which is as good. */
async function expiredSession(adapter: CompleteAdapter, userId: string): Promise<NewSession> {
  const session = { ...sessionFixture(userId, dateFromNow(-ONE_MINUTE)), ...metadataFixture({ createdAt: dateFromNow(0) }) }
  try {
    await adapter.createSession(session)
  } catch {
    return session
  }
  await sleep(EXPIRY_MARGIN_MS)
  return session
}

/** The four metadata fields of `session`, exactly as returned (an absent one shows as `undefined`). */
function metadataOf(session: object | null | undefined): Record<string, unknown> {
  const fields = (session ?? {}) as Record<string, unknown>
  return Object.fromEntries(METADATA_FIELDS.map((field) => [field, fields[field]]))
}

/** The session of a session check without its `refreshFailed`, to compare with the session written. */
function withoutRefreshState(session: object | undefined): object | undefined {
  if (!session) return session
  const { refreshFailed: _failed, ...rest } = session as { refreshFailed?: unknown }
  return rest
}

export function sessionRegistryTests(registry: SuiteContext, withTokenRefresh: SuiteContext): void {
  const { adapter, db, test } = registry

  /** The store holds `expected`: Auth.js's fields in the session row, the metadata beside it (when it can be read). */
  async function expectStored(expected: NewSession, what: string): Promise<void> {
    const { createdAt, lastActiveAt, userAgent, ip, ...row } = expected
    expectModel(await db.session(expected.sessionToken), row, what)
    if (!db.sessionMetadata) return
    const metadata = { createdAt: createdAt ?? null, lastActiveAt: lastActiveAt ?? null, userAgent: userAgent ?? null, ip: ip ?? null }
    expectModel((await db.sessionMetadata(expected.sessionToken)) ?? {}, metadata, `${what}: its metadata`)
  }

  /** `refreshFailed` of the session check of `sessionToken`: `true`, or `false`/absent for "not marked". */
  async function refreshFailed(sessionToken: string): Promise<boolean> {
    const found = await adapter().getSessionAndUser(sessionToken)
    expect(found, "getSessionAndUser() of a live session").not.toBeNull()
    const value = (found?.session as { refreshFailed?: unknown } | undefined)?.refreshFailed
    expect([undefined, false, true], `refreshFailed must be true, false or absent, got ${String(value)}`).toContain(value)
    return value === true
  }

  test("createSession stores the session's metadata; createSession, the store and getSessionAndUser give it back", async () => {
    const user = await newUser(adapter())
    const input = { ...sessionFixture(user.id), ...metadataFixture() }
    expectModel(await adapter().createSession(input), input, "createSession() result")
    await expectStored(input, "stored session")
    const found = await adapter().getSessionAndUser(input.sessionToken)
    expectModel(withoutRefreshState(found?.session), input, "getSessionAndUser().session")
    expectModel(found?.user, user, "getSessionAndUser().user")
  })

  // Auth.js's suite creates its session so and compares getSessionAndUser's with `toEqual`: a `createdAt: null` fails it.
  test("createSession without metadata (as an Auth.js caller makes it): the Auth.js methods return exactly Auth.js's keys, listSessions the four metadata fields null", async () => {
    const user = await newUser(adapter())
    const input = sessionFixture(user.id)
    const authjsKeys = Object.keys(input).sort()
    const keysOf = (session: object | null | undefined): string[] =>
      Object.entries(session ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key)
        .sort()
    expect(keysOf(await adapter().createSession(input)), "createSession() result").toEqual(authjsKeys)
    expect(keysOf(withoutRefreshState((await adapter().getSessionAndUser(input.sessionToken))?.session)), "getSessionAndUser().session").toEqual(authjsKeys)
    const updated = await adapter().updateSession({ sessionToken: input.sessionToken, expires: dateFromNow(2 * ONE_DAY) })
    if (!isNothing(updated)) expect(keysOf(updated), "updateSession() result").toEqual(authjsKeys)
    expect(metadataOf((await adapter().listSessions(user.id))[0]), "listSessions()[0]").toEqual(UNKNOWN_METADATA)
  })

  test("updateSession writes lastActiveAt, with or without expires, and keeps the sign-in's metadata; without lastActiveAt it keeps the stored one", async () => {
    const user = await newUser(adapter())
    const session = await registeredSession(adapter(), user.id)

    // Through variables: the Auth.js `updateSession` type does not name lastActiveAt, core's registry passes it.
    const seen = dateFromNow(0)
    const onlySeen = { sessionToken: session.sessionToken, lastActiveAt: seen }
    const returned = await adapter().updateSession(onlySeen)
    const afterSeen = { ...session, lastActiveAt: seen }
    if (!isNothing(returned)) expectModel(returned, afterSeen, "updateSession({ lastActiveAt }) result")
    await expectStored(afterSeen, "stored session after updateSession({ lastActiveAt })")

    const [expires, later] = [dateFromNow(30 * ONE_DAY), dateFromNow(ONE_MINUTE)]
    const both = { sessionToken: session.sessionToken, expires, lastActiveAt: later }
    await adapter().updateSession(both)
    const afterBoth = { ...session, expires, lastActiveAt: later }
    expectModel(withoutRefreshState((await adapter().getSessionAndUser(session.sessionToken))?.session), afterBoth, "getSessionAndUser().session")

    const extended = dateFromNow(31 * ONE_DAY)
    await adapter().updateSession({ sessionToken: session.sessionToken, expires: extended })
    await expectStored({ ...afterBoth, expires: extended }, "stored session after updateSession({ expires })")
  })

  test("listSessions gives the user's unexpired sessions with their metadata, newest createdAt first, those without createdAt last", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    // Created in an order that is neither the answer nor its reverse.
    const older = await registeredSession(adapter(), user.id, { createdAt: dateFromNow(-3 * ONE_DAY) })
    const unknown = await newSession(adapter(), user.id)
    const newer = await registeredSession(adapter(), user.id, { createdAt: dateFromNow(-ONE_DAY), userAgent: null, ip: null })
    await registeredSession(adapter(), other.id, { createdAt: dateFromNow(0) })
    await expiredSession(adapter(), user.id)

    const listed = await adapter().listSessions(user.id)
    expect(listed.map((s) => s.sessionToken), "sessions listed, in order").toEqual([newer, older, unknown].map((s) => s.sessionToken))
    expectModel(listed[0], newer, "listSessions()[0]")
    expectModel(listed[1], older, "listSessions()[1]")
    expectModel(listed[2], { ...unknown, ...UNKNOWN_METADATA }, "listSessions()[2]")
    expect(metadataOf(listed[2]), "listSessions()[2], created without metadata").toEqual(UNKNOWN_METADATA)
    expect(metadataOf(listed[0]), "listSessions()[0], created with null userAgent and ip").toMatchObject({ userAgent: null, ip: null })
  })

  test("listSessions of a user without sessions, and of an unknown user, is an empty array", async () => {
    const user = await newUser(adapter())
    expect(await adapter().listSessions(user.id), "a user without sessions").toEqual([])
    expect(await adapter().listSessions(randomUUID()), "an unknown user").toEqual([])
  })

  test("deleteUserSessions deletes every session of the user and returns how many; another user's sessions stay", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    const doomed = [await registeredSession(adapter(), user.id), await newSession(adapter(), user.id), await registeredSession(adapter(), user.id)]
    const kept = await registeredSession(adapter(), other.id)

    expect(await adapter().deleteUserSessions(user.id), "deleteUserSessions()").toBe(3)
    for (const session of doomed) {
      expect(await db.session(session.sessionToken), "a deleted stored session").toBeNull()
      expect(await adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser() of a deleted session").toBeNull()
    }
    expect(await adapter().listSessions(user.id), "listSessions() afterwards").toEqual([])
    await expectStored(kept, "the other user's stored session")
    expect(await adapter().deleteUserSessions(user.id), "deleteUserSessions() again").toBe(0)
    expect(await adapter().deleteUserSessions(randomUUID()), "deleteUserSessions() of an unknown user").toBe(0)
  })

  test("deleteUserSessions with exceptSessionToken keeps that session and counts only the others; another user's token excepts nothing of theirs", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    const [first, current, last] = [
      await registeredSession(adapter(), user.id),
      await registeredSession(adapter(), user.id),
      await registeredSession(adapter(), user.id),
    ]
    const others = await registeredSession(adapter(), other.id)

    expect(await adapter().deleteUserSessions(user.id, current.sessionToken), "deleteUserSessions(user, current)").toBe(2)
    expect(await db.session(first.sessionToken), "stored first session").toBeNull()
    expect(await db.session(last.sessionToken), "stored last session").toBeNull()
    expectModel(withoutRefreshState((await adapter().getSessionAndUser(current.sessionToken))?.session), current, "the kept session")
    expect((await adapter().listSessions(user.id)).map((s) => s.sessionToken), "listSessions() afterwards").toEqual([current.sessionToken])
    expect(await adapter().deleteUserSessions(user.id, current.sessionToken), "deleteUserSessions(user, current) again").toBe(0)

    expect(await adapter().deleteUserSessions(user.id, others.sessionToken), "deleteUserSessions(user, another user's token)").toBe(1)
    expect(await db.session(current.sessionToken), "stored current session").toBeNull()
    await expectStored(others, "the other user's stored session")
  })

  test("deleteUserSessions does not count the user's expired sessions, which cannot be signed out any more", async () => {
    const user = await newUser(adapter())
    await expiredSession(adapter(), user.id)
    const live = await registeredSession(adapter(), user.id)
    expect(await adapter().deleteUserSessions(user.id), "deleteUserSessions()").toBe(1)
    expect(await db.session(live.sessionToken), "stored live session").toBeNull()
  })

  test("RT-12 setSessionsNotBefore / getSessionsNotBefore: null until set, then the time to the millisecond, per user, never moved back", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    expect(await adapter().getSessionsNotBefore(user.id)).toBeNull()
    const first = new Date(Date.now() - ONE_MINUTE + 7)
    await adapter().setSessionsNotBefore(user.id, first)
    expect(await adapter().getSessionsNotBefore(user.id)).toEqual(first)
    expect(await adapter().getSessionsNotBefore(other.id)).toBeNull()
    await adapter().setSessionsNotBefore(user.id, new Date(first.getTime() - ONE_DAY))
    expect(await adapter().getSessionsNotBefore(user.id), "an earlier time leaves the stored one").toEqual(first)
    const later = new Date(first.getTime() + 1)
    await adapter().setSessionsNotBefore(user.id, later)
    expect(await adapter().getSessionsNotBefore(user.id)).toEqual(later)
    // Kept beside the sessions: deleting them leaves it, and a user never revoked reads null.
    await newSession(adapter(), user.id)
    await adapter().deleteUserSessions(user.id)
    expect(await adapter().getSessionsNotBefore(user.id)).toEqual(later)
    expect(await adapter().getSessionsNotBefore(`unknown-${randomUUID()}`)).toBeNull()
  })

  withTokenRefresh.test("getSessionAndUser says refreshFailed while one of the user's accounts is marked failed for good, and no longer after new tokens", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    const [account, quiet] = [await newAccount(adapter(), user.id), await newAccount(adapter(), user.id, { provider: "gitlab" })]
    const [key, refreshToken] = [accountKey(account), account.refresh_token!]
    const [session, othersSession] = [await registeredSession(adapter(), user.id), await registeredSession(adapter(), other.id)]
    await newAccount(adapter(), other.id)
    expect(await refreshFailed(session.sessionToken), "refreshFailed of a new session").toBe(false)

    expect(await adapter().claimTokenRefresh(key, refreshToken, 60_000)).toBe(true)
    const past = new Date(Date.now() - 1_000)
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed: { permanent: false, retryAt: past } })).toBe(true)
    expect(await refreshFailed(session.sessionToken), "refreshFailed after a transient failure").toBe(false)

    expect(await adapter().claimTokenRefresh(key, refreshToken, 60_000)).toBe(true)
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed: { permanent: true, retryAt: past } })).toBe(true)
    expect(await refreshFailed(session.sessionToken), "refreshFailed after a permanent failure").toBe(true)
    expect(await refreshFailed(othersSession.sessionToken), "refreshFailed of another user's session").toBe(false)
    expect(metadataOf((await adapter().getSessionAndUser(session.sessionToken))?.session), "the metadata alongside").toEqual(metadataOf(session))

    await adapter().updateAccountTokens(accountKey(quiet), { access_token: randomUUID() })
    expect(await refreshFailed(session.sessionToken), "refreshFailed after new tokens for the user's other account").toBe(true)
    await adapter().updateAccountTokens(key, { access_token: randomUUID(), refresh_token: randomUUID() })
    expect(await refreshFailed(session.sessionToken), "refreshFailed after new tokens from a new sign-in").toBe(false)
  })

  withTokenRefresh.test("a refresh that succeeds after a permanent failure mark, or unlinking the marked account, clears refreshFailed", async () => {
    const user = await newUser(adapter())
    const [first, second] = [await newAccount(adapter(), user.id), await newAccount(adapter(), user.id, { provider: "gitlab" })]
    const session = await registeredSession(adapter(), user.id)
    const past = new Date(Date.now() - 1_000)
    for (const account of [first, second]) {
      expect(await adapter().claimTokenRefresh(accountKey(account), account.refresh_token!, 60_000)).toBe(true)
      const failed = { failed: { permanent: true, retryAt: past } }
      expect(await adapter().finishTokenRefresh(accountKey(account), account.refresh_token!, failed)).toBe(true)
    }
    // A late finish of an earlier claim, on the refresh token that is still current, writes new tokens.
    expect(await adapter().finishTokenRefresh(accountKey(first), first.refresh_token!, { tokens: { access_token: randomUUID() } })).toBe(true)
    expect(await refreshFailed(session.sessionToken), "refreshFailed with one of two accounts still marked").toBe(true)
    await adapter().unlinkAccount(accountKey(second))
    expect(await refreshFailed(session.sessionToken), "refreshFailed once the marked account is unlinked").toBe(false)
  })
}

/** True when `adapter` has any of the session-registry methods (they are optional, and go together). */
export function hasSessionRegistry(adapter: Adapter): boolean {
  return sessionRegistryAdapterMethods.some((method) => typeof adapter[method] === "function")
}
