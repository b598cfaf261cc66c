/**
 * Gatehouse's `Password` provider (core's optional adapter methods `getUserPassword` / `setUserPassword`, issue 27):
 * per user, one password record — the PHC string of the hash, the stored form of the latest password-reset token, and
 * when it was written — kept beside Auth.js's tables, never as columns of `users`. Setting replaces the whole record,
 * `null` deletes it, and deleting the user deletes it too.
 *
 * `passwordTests` runs in the suite for an adapter that has the methods (skipped, such as for an Auth.js adapter,
 * otherwise). The `db` reader's `user` must not show the record (Auth.js's suite compares that row with `toEqual`); its
 * `password`, when given, reads the record where the adapter keeps it, so the tests also check what was really stored.
 */
import { randomBytes } from "node:crypto"
import type { Adapter } from "@gatehousejs/core"
import { passwordAdapterMethods, type AdapterPassword } from "@gatehousejs/core/adapters"
import { expect } from "vitest"
import { expectModel } from "../compare.js"
import { newUser, type SuiteContext } from "../context.js"
import { dateFromNow, hashToken, ONE_DAY, ONE_MINUTE, randomUUID } from "../fixtures.js"

/** An argon2id PHC string at OWASP's parameters, with a random salt and hash (only its shape matters here). */
function phcFixture(): string {
  const b64 = (bytes: number): string => randomBytes(bytes).toString("base64").replace(/=+$/, "")
  return `$argon2id$v=19$m=19456,t=2,p=1$${b64(16)}$${b64(32)}`
}

/** A password record; dates have their milliseconds zeroed, as the suite's other fixtures (some stores keep seconds). */
function passwordFixture(overrides: Partial<AdapterPassword> = {}): AdapterPassword {
  return { hash: phcFixture(), resetToken: null, updatedAt: dateFromNow(-ONE_DAY), ...overrides }
}

/** A reset token's stored form: SHA-256 hex, as verification tokens are stored. */
function resetTokenFixture(): string {
  return hashToken(randomUUID())
}

export function passwordTests(context: SuiteContext): void {
  const { adapter, db, test } = context

  /** `getUserPassword(userId)` is exactly `expected` (a `Date` for `updatedAt`), and so is the store, when readable. */
  async function expectPassword(userId: string, expected: AdapterPassword | null, what: string): Promise<void> {
    const found = await adapter().getUserPassword(userId)
    if (expected === null) expect(found, `${what}: getUserPassword()`).toBeNull()
    else {
      expect(found?.updatedAt, `${what}: getUserPassword().updatedAt must be a Date`).toBeInstanceOf(Date)
      expect(found, `${what}: getUserPassword()`).toEqual(expected)
    }
    if (!db.password) return
    const stored = await db.password(userId)
    if (expected === null) expect(stored ?? null, `${what}: the stored record`).toBeNull()
    else expect(stored, `${what}: the stored record`).toEqual(expected)
  }

  test("getUserPassword of a user without a password, and of an unknown user, is null", async () => {
    const user = await newUser(adapter())
    await expectPassword(user.id, null, "a user without a password")
    expect(await adapter().getUserPassword(randomUUID()), "an unknown user").toBeNull()
  })

  test("setUserPassword stores the record; getUserPassword gives back the hash, the reset token and updatedAt as a Date; the user's row keeps only Auth.js's fields", async () => {
    const user = await newUser(adapter())
    const password = passwordFixture({ resetToken: resetTokenFixture() })
    await adapter().setUserPassword(user.id, password)
    await expectPassword(user.id, password, "after setUserPassword")
    // Beside Auth.js's tables, never in them: Auth.js's suite reads the user row with `SELECT *` and `toEqual`.
    expectModel(await db.user(user.id), user, "the stored user")
    expectModel(await adapter().getUser(user.id), user, "getUser()")
  })

  test("setUserPassword replaces the whole record: a null reset token or hash clears the stored one", async () => {
    const user = await newUser(adapter())
    await adapter().setUserPassword(user.id, passwordFixture({ resetToken: resetTokenFixture() }))
    const changed = passwordFixture({ updatedAt: dateFromNow(0) })
    await adapter().setUserPassword(user.id, changed)
    await expectPassword(user.id, changed, "after a new password (reset token cleared)")
    const resetting = { hash: null, resetToken: resetTokenFixture(), updatedAt: dateFromNow(ONE_MINUTE) }
    await adapter().setUserPassword(user.id, resetting)
    await expectPassword(user.id, resetting, "after a reset started (hash cleared)")
  })

  test("setUserPassword(userId, null) deletes the record; deleting one that is gone changes nothing", async () => {
    const user = await newUser(adapter())
    await adapter().setUserPassword(user.id, passwordFixture())
    await adapter().setUserPassword(user.id, null)
    await expectPassword(user.id, null, "after setUserPassword(null)")
    await adapter().setUserPassword(user.id, null)
    await expectPassword(user.id, null, "after setUserPassword(null) again")
    const again = passwordFixture()
    await adapter().setUserPassword(user.id, again)
    await expectPassword(user.id, again, "after a new password")
  })

  test("a record with a null hash and a reset token (a user without a password resetting) round-trips", async () => {
    const user = await newUser(adapter())
    const resetting = { hash: null, resetToken: resetTokenFixture(), updatedAt: dateFromNow(0) }
    await adapter().setUserPassword(user.id, resetting)
    await expectPassword(user.id, resetting, "a record without a hash")
  })

  test("deleteUser deletes the user's password record", async () => {
    const user = await newUser(adapter())
    await adapter().setUserPassword(user.id, passwordFixture({ resetToken: resetTokenFixture() }))
    await adapter().deleteUser(user.id)
    await expectPassword(user.id, null, "after deleteUser")
  })

  test("two users' records are independent: setting, replacing and deleting one leaves the other as it was", async () => {
    const [user, other] = [await newUser(adapter()), await newUser(adapter())]
    const [mine, theirs] = [passwordFixture(), passwordFixture({ resetToken: resetTokenFixture() })]
    await adapter().setUserPassword(user.id, mine)
    await adapter().setUserPassword(other.id, theirs)
    await expectPassword(user.id, mine, "the first user's")
    await expectPassword(other.id, theirs, "the other user's")

    const replaced = passwordFixture({ updatedAt: dateFromNow(0) })
    await adapter().setUserPassword(user.id, replaced)
    await expectPassword(other.id, theirs, "the other user's, after the first user's was replaced")
    await adapter().setUserPassword(user.id, null)
    await expectPassword(other.id, theirs, "the other user's, after the first user's was deleted")
    await adapter().deleteUser(user.id)
    await expectPassword(other.id, theirs, "the other user's, after the first user was deleted")
  })
}

/** True when `adapter` has any of the password methods (they are optional, and go together). */
export function hasPasswords(adapter: Adapter): boolean {
  return passwordAdapterMethods.some((method) => typeof adapter[method] === "function")
}
