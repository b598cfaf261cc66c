/** createSession, getSessionAndUser, updateSession, deleteSession (authjs-behaviour §7.2, database strategy). */
import { expect } from "vitest"
import { expectModel, isNothing } from "../compare.js"
import { newSession, newUser, type SuiteContext } from "../context.js"
import { dateFromNow, ONE_DAY, randomUUID, sessionFixture } from "../fixtures.js"

export function sessionTests({ adapter, db, test }: SuiteContext): void {
  test("createSession stores the session and returns it", async () => {
    const user = await newUser(adapter())
    const input = sessionFixture(user.id)
    expectModel(await adapter().createSession(input), input, "createSession() result")
    expectModel(await db.session(input.sessionToken), input, "stored session")
  })

  test("createSession and getSessionAndUser return user ids as strings", async () => {
    const user = await newUser(adapter())
    const created = await adapter().createSession(sessionFixture(user.id))
    expect(typeof created.userId, "createSession().userId").toBe("string")
    const found = await adapter().getSessionAndUser(created.sessionToken)
    expect(typeof found?.session.userId, "getSessionAndUser().session.userId").toBe("string")
    expect(typeof found?.user.id, "getSessionAndUser().user.id").toBe("string")
  })

  test("getSessionAndUser returns the session and its user", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    const found = await adapter().getSessionAndUser(session.sessionToken)
    expect(found, "getSessionAndUser() result").not.toBeNull()
    expectModel(found?.session, session, "getSessionAndUser().session")
    expectModel(found?.user, user, "getSessionAndUser().user")
  })

  test("getSessionAndUser returns null for an unknown session token", async () => {
    expect(await adapter().getSessionAndUser(randomUUID())).toBeNull()
  })

  // Core checks `expires` itself and deletes an expired session, so an adapter may filter expired sessions out
  // (null) or return them as stored; both are accepted, but nothing else. Core never creates an expired session, so
  // an adapter may also refuse to (a store with TTLs rejects a negative one), as long as nothing is readable then.
  test("getSessionAndUser for an expired session returns null or the expired session as stored", async () => {
    const user = await newUser(adapter())
    const session = sessionFixture(user.id, dateFromNow(-ONE_DAY))
    try {
      await adapter().createSession(session)
    } catch {
      expect(await adapter().getSessionAndUser(session.sessionToken), "after a refused createSession").toBeNull()
      return
    }
    const found = await adapter().getSessionAndUser(session.sessionToken)
    if (found === null) return
    expectModel(found.session, session, "getSessionAndUser().session of an expired session")
    expectModel(found.user, user, "getSessionAndUser().user of an expired session")
  })

  test("updateSession changes expires and returns the updated session or nothing", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    const expires = dateFromNow(30 * ONE_DAY)
    const returned = await adapter().updateSession({ sessionToken: session.sessionToken, expires })
    const expected = { ...session, expires }
    if (!isNothing(returned)) expectModel(returned, expected, "updateSession() result")
    expectModel(await db.session(session.sessionToken), expected, "stored session")
    expectModel((await adapter().getSessionAndUser(session.sessionToken))?.session, expected, "getSessionAndUser().session")
  })

  test("updateSession for an unknown session token returns nothing, does not throw and stores nothing", async () => {
    const sessionToken = randomUUID()
    const returned = await adapter().updateSession({ sessionToken, expires: dateFromNow(ONE_DAY) })
    expect(isNothing(returned), `updateSession() result: ${JSON.stringify(returned)}`).toBe(true)
    expect(await db.session(sessionToken), "stored session").toBeNull()
  })

  test("two updateSession calls in a row: the last one wins", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    const first = dateFromNow(10 * ONE_DAY)
    const last = dateFromNow(20 * ONE_DAY)
    await adapter().updateSession({ sessionToken: session.sessionToken, expires: first })
    await adapter().updateSession({ sessionToken: session.sessionToken, expires: last })
    expectModel(await db.session(session.sessionToken), { ...session, expires: last }, "stored session")
  })

  test("deleteSession removes the session", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    await adapter().deleteSession(session.sessionToken)
    expect(await db.session(session.sessionToken), "stored session").toBeNull()
    expect(await adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser()").toBeNull()
  })

  test("deleteSession keeps the user and the user's other sessions", async () => {
    const user = await newUser(adapter())
    const doomed = await newSession(adapter(), user.id)
    const kept = await newSession(adapter(), user.id)
    await adapter().deleteSession(doomed.sessionToken)
    expectModel(await db.session(kept.sessionToken), kept, "other stored session")
    expectModel(await db.user(user.id), user, "stored user")
  })

  test("deleteSession for an unknown session token does not throw", async () => {
    await adapter().deleteSession(randomUUID())
  })

  test("updateSession after deleteSession does not bring the session back", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    await adapter().deleteSession(session.sessionToken)
    await adapter().updateSession({ sessionToken: session.sessionToken, expires: dateFromNow(30 * ONE_DAY) })
    expect(await db.session(session.sessionToken), "stored session").toBeNull()
    expect(await adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser()").toBeNull()
  })
}
