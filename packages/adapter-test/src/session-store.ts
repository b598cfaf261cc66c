/**
 * The contract every JWT session store keeps (core's `SessionStore`), run against each store on its real service:
 * the record round trip, expiry (an expired record is no session: not read, not listed, not updated back to life,
 * not counted as deleted), update, list order, deleting one or all of a user's sessions, clear refusals of bad input,
 * the per-user not-before time (RT-12), and two processes on one store seeing each other's writes at once — the
 * property revocation rests on. Each store's
 * own test adds what is particular to it (migrate, prune, its round trips).
 */
import { randomUUID } from "node:crypto"
import type { SessionStore } from "@gatehousejs/core"
import type { RegisteredSession } from "@gatehousejs/core/adapters"
import { describe, expect, it } from "vitest"
import { ask, startChild, type SessionStoreContractOptions } from "./session-store-child.js"

const [SECOND, MINUTE, HOUR] = [1_000, 60_000, 3_600_000]
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A complete record: every metadata field set, dates to the millisecond, a user agent beyond ASCII. */
function sessionFixture(overrides: Partial<RegisteredSession> = {}): RegisteredSession {
  const now = Date.now()
  return {
    sessionToken: `sid-${randomUUID()}`,
    userId: `user-${randomUUID()}`,
    expires: new Date(now + HOUR + 123),
    createdAt: new Date(now - MINUTE + 7),
    lastActiveAt: new Date(now - 11),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 — é",
    ip: "2001:db8::7",
    ...overrides,
  }
}

/** The store's not-before pair (optional in `SessionStore`, required of the Gatehouse stores), bound to it. */
function notBeforeOf(store: SessionStore): Required<Pick<SessionStore, "setSessionsNotBefore" | "getSessionsNotBefore">> {
  expect(typeof store.setSessionsNotBefore, "setSessionsNotBefore").toBe("function")
  expect(typeof store.getSessionsNotBefore, "getSessionsNotBefore").toBe("function")
  return { setSessionsNotBefore: store.setSessionsNotBefore!.bind(store), getSessionsNotBefore: store.getSessionsNotBefore!.bind(store) }
}

/** Registers the contract's tests in a `describe(name)` block. */
export function sessionStoreContract(name: string, options: SessionStoreContractOptions): void {
  describe(name, () => {
    const store = (): SessionStore => options.store()
    const tokens = (sessions: RegisteredSession[]): string[] => sessions.map((s) => s.sessionToken)

    it("getSession returns what createSession recorded, every field, dates as Dates to the millisecond", async () => {
      const full = sessionFixture()
      const bare = sessionFixture({ createdAt: null, lastActiveAt: null, userAgent: null, ip: null })
      await store().createSession(full)
      await store().createSession(bare)
      const [readFull, readBare] = [await store().getSession(full.sessionToken), await store().getSession(bare.sessionToken)]
      expect(readFull).toEqual(full)
      expect(readFull?.expires).toBeInstanceOf(Date)
      expect(readFull?.createdAt).toBeInstanceOf(Date)
      expect(readFull?.lastActiveAt).toBeInstanceOf(Date)
      expect(readBare).toEqual(bare)
    })

    it("getSession of an id that was never recorded is null", async () => {
      expect(await store().getSession(`sid-${randomUUID()}`)).toBeNull()
    })

    it("a session whose expires has passed is gone: getSession null, not listed, not revived by updateSession, deleteSession false", async () => {
      const userId = `user-${randomUUID()}`
      const past = sessionFixture({ userId, expires: new Date(Date.now() - SECOND) })
      const live = sessionFixture({ userId })
      await store().createSession(past)
      await store().createSession(live)
      expect(await store().getSession(past.sessionToken)).toBeNull()
      expect(tokens(await store().listSessions(userId))).toEqual([live.sessionToken])
      await store().updateSession(past.sessionToken, { expires: new Date(Date.now() + HOUR), lastActiveAt: new Date() })
      expect(await store().getSession(past.sessionToken)).toBeNull()
      expect(await store().deleteSession(past.sessionToken)).toBe(false)
    })

    it("a session expires by the store's clock when its expires arrives", async () => {
      const session = sessionFixture({ expires: new Date(Date.now() + 400) })
      await store().createSession(session)
      expect(await store().getSession(session.sessionToken)).toEqual(session)
      await sleep(700)
      expect(await store().getSession(session.sessionToken)).toBeNull()
      expect(await store().listSessions(session.userId)).toEqual([])
    })

    it("updateSession moves expires and lastActiveAt and leaves every other field as it was", async () => {
      const session = sessionFixture()
      await store().createSession(session)
      const changes = { expires: new Date(Date.now() + 2 * HOUR + 5), lastActiveAt: new Date(Date.now() + 3) }
      await store().updateSession(session.sessionToken, changes)
      expect(await store().getSession(session.sessionToken)).toEqual({ ...session, ...changes })
      // A shorter expires is taken too: the store keeps exactly what it is given.
      const sooner = { expires: new Date(Date.now() + 400), lastActiveAt: new Date() }
      await store().updateSession(session.sessionToken, sooner)
      expect(await store().getSession(session.sessionToken)).toEqual({ ...session, ...sooner })
      await sleep(700)
      expect(await store().getSession(session.sessionToken)).toBeNull()
    })

    it("updateSession of a session that is not there does nothing: an unknown or a revoked id is not created", async () => {
      const unknown = `sid-${randomUUID()}`
      await store().updateSession(unknown, { expires: new Date(Date.now() + HOUR), lastActiveAt: new Date() })
      expect(await store().getSession(unknown)).toBeNull()
      const revoked = sessionFixture()
      await store().createSession(revoked)
      await store().deleteSession(revoked.sessionToken)
      await store().updateSession(revoked.sessionToken, { expires: new Date(Date.now() + HOUR), lastActiveAt: new Date() })
      expect(await store().getSession(revoked.sessionToken)).toBeNull()
      expect(await store().listSessions(revoked.userId)).toEqual([])
    })

    it("listSessions gives the user's sessions only, newest createdAt first, those without createdAt last", async () => {
      const userId = `user-${randomUUID()}`
      const at = (msAgo: number): Date => new Date(Date.now() - msAgo)
      const oldest = sessionFixture({ userId, createdAt: at(3 * HOUR) })
      const newest = sessionFixture({ userId, createdAt: at(SECOND) })
      const middle = sessionFixture({ userId, createdAt: at(HOUR) })
      const unknown = sessionFixture({ userId, createdAt: null })
      const otherUsers = sessionFixture({ createdAt: at(0) })
      for (const s of [unknown, oldest, otherUsers, newest, middle]) await store().createSession(s)
      const listed = await store().listSessions(userId)
      expect(listed).toEqual([newest, middle, oldest, unknown])
      expect(await store().listSessions(`user-${randomUUID()}`)).toEqual([])
    })

    it("createSession of an id already recorded replaces the record, also across users", async () => {
      const first = sessionFixture()
      await store().createSession(first)
      const second = sessionFixture({ sessionToken: first.sessionToken, ip: "198.51.100.1" })
      await store().createSession(second)
      expect(await store().getSession(first.sessionToken)).toEqual(second)
      expect(await store().listSessions(first.userId)).toEqual([])
      expect(await store().listSessions(second.userId)).toEqual([second])
    })

    it("deleteSession is true for a recorded session and false once it is gone; the user's others stay", async () => {
      const userId = `user-${randomUUID()}`
      const [gone, kept] = [sessionFixture({ userId }), sessionFixture({ userId })]
      await store().createSession(gone)
      await store().createSession(kept)
      expect(await store().deleteSession(gone.sessionToken)).toBe(true)
      expect(await store().getSession(gone.sessionToken)).toBeNull()
      expect(await store().deleteSession(gone.sessionToken)).toBe(false)
      expect(await store().deleteSession(`sid-${randomUUID()}`)).toBe(false)
      expect(await store().listSessions(userId)).toEqual([kept])
    })

    it("deleteUserSessions without an exception deletes every session of the user, counts the live ones, and leaves other users' alone", async () => {
      const userId = `user-${randomUUID()}`
      const mine = [sessionFixture({ userId }), sessionFixture({ userId }), sessionFixture({ userId })]
      const expired = sessionFixture({ userId, expires: new Date(Date.now() - SECOND) })
      const others = sessionFixture()
      for (const s of [...mine, expired, others]) await store().createSession(s)
      expect(await store().deleteUserSessions(userId)).toBe(3)
      for (const s of mine) expect(await store().getSession(s.sessionToken)).toBeNull()
      expect(await store().listSessions(userId)).toEqual([])
      expect(await store().getSession(others.sessionToken)).toEqual(others)
      expect(await store().deleteUserSessions(userId)).toBe(0)
    })

    it("deleteUserSessions with an exception keeps that one session; another user's id as the exception spares nothing", async () => {
      const userId = `user-${randomUUID()}`
      const [current, a, b] = [sessionFixture({ userId }), sessionFixture({ userId }), sessionFixture({ userId })]
      const others = sessionFixture()
      for (const s of [current, a, b, others]) await store().createSession(s)
      expect(await store().deleteUserSessions(userId, current.sessionToken)).toBe(2)
      expect(await store().listSessions(userId)).toEqual([current])
      expect(await store().getSession(current.sessionToken)).toEqual(current)
      expect(await store().deleteUserSessions(userId, others.sessionToken)).toBe(1)
      expect(await store().getSession(current.sessionToken)).toBeNull()
      expect(await store().getSession(others.sessionToken)).toEqual(others)
    })

    it("refuses bad input with a TypeError naming the method, and writes nothing", async () => {
      const valid = sessionFixture()
      const refusals: [string, () => Promise<unknown>, RegExp][] = [
        ["getSession", () => store().getSession(42 as never), /\.getSession: sessionToken must be a string/],
        ["getSession", () => store().getSession("x".repeat(513)), /\.getSession: sessionToken must be a string of 1 to 512 characters/],
        ["getSession", () => store().getSession("a\0b"), /\.getSession: sessionToken must be .*without NUL/],
        ["createSession", () => store().createSession(null as never), /\.createSession: the session must be an object/],
        ["createSession", () => store().createSession({ ...valid, userId: 7 as never }), /\.createSession: session\.userId must be a string/],
        ["createSession", () => store().createSession({ ...valid, expires: new Date(Number.NaN) }), /\.createSession: session\.expires must be a valid Date \(got an invalid Date\)/],
        ["createSession", () => store().createSession({ ...valid, createdAt: "yesterday" as never }), /\.createSession: session\.createdAt must be a valid Date or null/],
        ["createSession", () => store().createSession({ ...valid, userAgent: 5 as never }), /\.createSession: session\.userAgent must be a string without NUL, or null/],
        ["createSession", () => store().createSession({ ...valid, ip: undefined as never }), /\.createSession: session\.ip must be a string without NUL, or null \(got undefined\)/],
        ["updateSession", () => store().updateSession(valid.sessionToken, { expires: "tomorrow" as never, lastActiveAt: new Date() }), /\.updateSession: changes\.expires must be a valid Date/],
        ["updateSession", () => store().updateSession(valid.sessionToken, null as never), /\.updateSession: changes must be an object/],
        ["listSessions", () => store().listSessions(null as never), /\.listSessions: userId must be a string/],
        ["deleteSession", () => store().deleteSession({} as never), /\.deleteSession: sessionToken must be a string/],
        ["deleteUserSessions", () => store().deleteUserSessions(valid.userId, 3 as never), /\.deleteUserSessions: exceptSessionToken must be a string/],
      ]
      for (const [method, call, message] of refusals) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error, `${method} with bad input`).toBeInstanceOf(TypeError)
        expect((error as Error).message).toMatch(message)
      }
      expect(await store().getSession(valid.sessionToken)).toBeNull()
      // The longest id accepted works end to end.
      const longest = sessionFixture({ sessionToken: `sid-${"x".repeat(508)}-${randomUUID()}`.slice(-512) })
      await store().createSession(longest)
      expect(await store().getSession(longest.sessionToken)).toEqual(longest)
    })

    it("RT-12 not-before: null until set, then the time to the millisecond, per user; a later time moves it, an earlier one does not", async () => {
      const { setSessionsNotBefore, getSessionsNotBefore } = notBeforeOf(store())
      const [userId, other] = [`user-${randomUUID()}`, `user-${randomUUID()}`]
      expect(await getSessionsNotBefore(userId)).toBeNull()
      const first = new Date(Date.now() - MINUTE + 7)
      await setSessionsNotBefore(userId, first)
      expect(await getSessionsNotBefore(userId)).toEqual(first)
      expect(await getSessionsNotBefore(other)).toBeNull()
      await setSessionsNotBefore(userId, new Date(first.getTime() - HOUR))
      expect(await getSessionsNotBefore(userId), "an earlier time leaves the stored one").toEqual(first)
      const later = new Date(first.getTime() + 1)
      await setSessionsNotBefore(userId, later)
      expect(await getSessionsNotBefore(userId)).toEqual(later)
      // Deleting the user's sessions leaves the not-before time: it outlives every record.
      await store().deleteUserSessions(userId)
      expect(await getSessionsNotBefore(userId)).toEqual(later)
    })

    it("RT-12 not-before: bad input is refused with a TypeError naming the method", async () => {
      const { setSessionsNotBefore, getSessionsNotBefore } = notBeforeOf(store())
      const refusals: [() => Promise<unknown>, RegExp][] = [
        [() => setSessionsNotBefore(5 as never, new Date()), /\.setSessionsNotBefore: userId must be a string/],
        [() => setSessionsNotBefore("a\0b", new Date()), /\.setSessionsNotBefore: userId must be .*without NUL/],
        [() => setSessionsNotBefore(`user-${randomUUID()}`, new Date(Number.NaN)), /\.setSessionsNotBefore: at must be a valid Date \(got an invalid Date\)/],
        [() => setSessionsNotBefore(`user-${randomUUID()}`, "now" as never), /\.setSessionsNotBefore: at must be a valid Date/],
        [() => getSessionsNotBefore("x".repeat(513)), /\.getSessionsNotBefore: userId must be a string of 1 to 512 characters/],
      ]
      for (const [call, message] of refusals) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error).toBeInstanceOf(TypeError)
        expect((error as Error).message).toMatch(message)
      }
    })

    it("two processes on one store see each other's creates and deletes at once", { timeout: 30_000 }, async () => {
      const userId = `user-${randomUUID()}`
      const [a, b, c] = [sessionFixture({ userId, createdAt: new Date(Date.now() - 3 * SECOND) }), sessionFixture({ userId }), sessionFixture({ userId })]
      for (const s of [a, b, c]) await store().createSession(s)
      const child = await startChild(options)
      try {
        expect(await ask(child, "getSession", a.sessionToken)).toEqual(a)
        // Revoked there, gone here: no cache in the store between a delete and the next read.
        expect(await ask(child, "deleteSession", a.sessionToken)).toBe(true)
        expect(await store().getSession(a.sessionToken)).toBeNull()
        // Revoked here, gone there.
        expect(await store().deleteUserSessions(userId, b.sessionToken)).toBe(1)
        expect(await ask(child, "getSession", c.sessionToken)).toBeNull()
        expect(await ask(child, "listSessions", userId)).toEqual([b])
        expect(await ask(child, "deleteUserSessions", userId)).toBe(1)
        expect(await store().listSessions(userId)).toEqual([])
      } finally {
        await ask(child, "close").catch(() => undefined)
        if (child.connected) child.disconnect()
      }
    })
  })
}

export { runSessionStoreChild, type SessionStoreContractOptions } from "./session-store-child.js"
