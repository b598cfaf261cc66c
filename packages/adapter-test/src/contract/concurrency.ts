/**
 * Races and faults (security catalog §5.1 and §6 group E): single-use verification tokens under concurrency (DB-02),
 * one account row per (provider, providerAccountId) (DB-03), deleted sessions stay deleted, and a deleted user's
 * sessions become unreadable (DB-06).
 */
import { expect } from "vitest"
import { expectModel } from "../compare.js"
import { newSession, newUser, type SuiteContext } from "../context.js"
import { accountFixture, dateFromNow, ONE_DAY, randomUUID, tokenKey, verificationTokenFixture } from "../fixtures.js"

const ROUNDS = 20

/** Returns `tasks` in a random order, so each round interleaves the calls differently. */
function shuffled<T>(tasks: T[]): T[] {
  const out = [...tasks]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

export function concurrencyTests({ adapter, db, test }: SuiteContext): void {
  test(`two concurrent useVerificationToken calls for the same token: exactly one gets it, ${ROUNDS} rounds (DB-02)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const input = verificationTokenFixture()
      await adapter().createVerificationToken(input)
      const results = await Promise.all([adapter().useVerificationToken(tokenKey(input)), adapter().useVerificationToken(tokenKey(input))])
      const winners = results.filter((result) => result !== null)
      expect(winners, `round ${round}: non-null results`).toHaveLength(1)
      expectModel(winners[0], input, `round ${round}: the winner's token`)
      expect(await db.verificationToken(input), `round ${round}: stored verification token`).toBeNull()
    }
  })

  // Two first sign-ins racing for one IdP account (§5.1 "account linking races"): a unique key on
  // (provider, providerAccountId) must make the loser throw or be ignored. The single remaining row is found by
  // deleting its owner: if a second row existed, it would still answer afterwards.
  test("two simultaneous linkAccount calls for the same provider account leave at most one account row (DB-03 unique account)", async () => {
    for (let round = 0; round < 5; round++) {
      const first = await newUser(adapter())
      const second = await newUser(adapter())
      const providerAccountId = randomUUID()
      const results = await Promise.allSettled([
        Promise.resolve(adapter().linkAccount(accountFixture(first.id, { providerAccountId }))),
        Promise.resolve(adapter().linkAccount(accountFixture(second.id, { providerAccountId }))),
      ])
      expect(results.some((result) => result.status === "fulfilled"), `round ${round}: one linkAccount succeeds`).toBe(true)

      const key = { provider: "github", providerAccountId }
      const stored = await db.account(key)
      expect(stored, `round ${round}: stored account`).not.toBeNull()
      const owner = [first, second].find((user) => String(user.id) === String(stored?.userId))
      expect(owner, `round ${round}: the stored account belongs to one of the two users`).toBeDefined()
      expectModel(await adapter().getUserByAccount(key), owner as object, `round ${round}: getUserByAccount()`)

      await adapter().deleteUser(String(owner?.id))
      expect(await db.account(key), `round ${round}: a second account row for the same key`).toBeNull()
      expect(await adapter().getUserByAccount(key), `round ${round}: getUserByAccount() of the loser`).toBeNull()
    }
  })

  test(`concurrent getSessionAndUser, updateSession and deleteSession never bring a deleted session back, ${ROUNDS} rounds`, async () => {
    const user = await newUser(adapter())
    for (let round = 0; round < ROUNDS; round++) {
      const session = await newSession(adapter(), user.id)
      const extended = dateFromNow(30 * ONE_DAY)
      const read = async (): Promise<void> => {
        const found = await adapter().getSessionAndUser(session.sessionToken)
        if (found === null) return
        // A read that wins the race sees the session before or after the update, never anything else.
        expect([session.expires.getTime(), extended.getTime()], `round ${round}: expires read`).toContain(
          found.session.expires.getTime(),
        )
      }
      const remove = async (): Promise<void> => {
        await adapter().deleteSession(session.sessionToken)
      }
      const extend = async (): Promise<void> => {
        await adapter().updateSession({ sessionToken: session.sessionToken, expires: extended })
      }
      await Promise.all(shuffled([read, remove, extend, read]).map((task) => task()))
      expect(await db.session(session.sessionToken), `round ${round}: stored session`).toBeNull()
      expect(await adapter().getSessionAndUser(session.sessionToken), `round ${round}: getSessionAndUser()`).toBeNull()
    }
  })

  test(`concurrent updateSession calls and reads: no error, and the stored expires is one of the updates, ${ROUNDS} rounds`, async () => {
    const user = await newUser(adapter())
    for (let round = 0; round < ROUNDS; round++) {
      const session = await newSession(adapter(), user.id)
      const updates = [dateFromNow(10 * ONE_DAY), dateFromNow(20 * ONE_DAY)]
      const seen = [session.expires, ...updates].map((date) => date.getTime())
      const read = async (): Promise<void> => {
        const found = await adapter().getSessionAndUser(session.sessionToken)
        expect(found, `round ${round}: a read during updates`).not.toBeNull()
        expect(seen, `round ${round}: expires read during updates`).toContain(found?.session.expires.getTime())
      }
      const update = (expires: Date) => async (): Promise<void> => {
        await adapter().updateSession({ sessionToken: session.sessionToken, expires })
      }
      await Promise.all(shuffled([read, update(updates[0] as Date), update(updates[1] as Date), read]).map((task) => task()))
      const stored = await db.session(session.sessionToken)
      expect(updates.map((date) => date.getTime()), `round ${round}: stored expires`).toContain(stored?.expires.getTime())
    }
  })

  test("concurrent createSession calls for one user create distinct, readable sessions", async () => {
    const user = await newUser(adapter())
    const sessions = await Promise.all(Array.from({ length: 10 }, () => newSession(adapter(), user.id)))
    for (const session of sessions) {
      expectModel((await adapter().getSessionAndUser(session.sessionToken))?.session, session, "getSessionAndUser().session")
    }
  })

  test("deleteUser makes the user's sessions unreadable through getSessionAndUser (DB-06)", async () => {
    const user = await newUser(adapter())
    const sessions = await Promise.all([newSession(adapter(), user.id), newSession(adapter(), user.id)])
    await adapter().deleteUser(user.id)
    for (const { sessionToken } of sessions) {
      expect(await adapter().getSessionAndUser(sessionToken), "getSessionAndUser() of a deleted user's session").toBeNull()
      expect(await db.session(sessionToken), "stored session of a deleted user").toBeNull()
    }
  })

  test("getSessionAndUser racing deleteUser returns null or the live user, and null afterwards (DB-06)", async () => {
    const user = await newUser(adapter())
    const session = await newSession(adapter(), user.id)
    const [found] = await Promise.all([
      adapter().getSessionAndUser(session.sessionToken),
      adapter().deleteUser(user.id),
    ])
    if (found !== null) expectModel(found.user, user, "getSessionAndUser().user during deleteUser")
    expect(await adapter().getSessionAndUser(session.sessionToken), "getSessionAndUser() after deleteUser").toBeNull()
  })
}
