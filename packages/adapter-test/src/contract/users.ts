/** createUser, getUser, getUserByEmail, updateUser, deleteUser (authjs-behaviour §7.2). */
import { expect } from "vitest"
import { expectModel } from "../compare.js"
import { newAccount, newSession, newUser, type SuiteContext } from "../context.js"
import { accountKey, dateFromNow, randomEmail, randomUUID, userFixture } from "../fixtures.js"

export function userTests({ adapter, db, test }: SuiteContext): void {
  test("createUser stores the user as given and returns it (the adapter may assign its own id)", async () => {
    const input = userFixture()
    const created = await adapter().createUser(input)
    expectModel(created, { ...input, id: created.id }, "createUser() result")
    expectModel(await db.user(created.id), { ...input, id: created.id }, "stored user")
  })

  test("createUser with only an email stores name, image and emailVerified as absent or null", async () => {
    const input = { id: randomUUID(), email: randomEmail(), emailVerified: null }
    const created = await adapter().createUser(input)
    expectModel(created, { ...input, id: created.id }, "createUser() result")
    expectModel(await db.user(created.id), { ...input, id: created.id }, "stored user")
  })

  test("createUser, getUser and getUserByEmail return the user id as a string", async () => {
    const created = await newUser(adapter())
    expect(typeof created.id, "createUser().id").toBe("string")
    expect(typeof (await adapter().getUser(created.id))?.id, "getUser().id").toBe("string")
    expect(typeof (await adapter().getUserByEmail(created.email))?.id, "getUserByEmail().id").toBe("string")
  })

  test("getUser returns the stored user", async () => {
    const created = await newUser(adapter())
    expectModel(await adapter().getUser(created.id), created, "getUser() result")
  })

  test("getUser returns null for an id that was never issued", async () => {
    expect(await adapter().getUser(randomUUID())).toBeNull()
  })

  test("getUser returns null for a malformed id", async () => {
    expect(await adapter().getUser("not an id ' OR 1=1 --")).toBeNull()
  })

  test("getUserByEmail returns the user with that email", async () => {
    const created = await newUser(adapter())
    expectModel(await adapter().getUserByEmail(created.email), created, "getUserByEmail() result")
  })

  test("getUserByEmail returns null for an unknown email", async () => {
    expect(await adapter().getUserByEmail(randomEmail())).toBeNull()
  })

  test("updateUser changes the given fields, keeps the others and returns the whole user", async () => {
    const created = await newUser(adapter())
    const updated = await adapter().updateUser({ id: created.id, name: "Changed Name" })
    const expected = { ...created, name: "Changed Name" }
    expectModel(updated, expected, "updateUser() result")
    expectModel(await db.user(created.id), expected, "stored user")
  })

  test("updateUser sets emailVerified as a Date (e-mail sign-in)", async () => {
    const created = await newUser(adapter(), { emailVerified: null })
    const emailVerified = dateFromNow(0)
    const updated = await adapter().updateUser({ id: created.id, emailVerified })
    expectModel(updated, { ...created, emailVerified }, "updateUser() result")
    expectModel(await db.user(created.id), { ...created, emailVerified }, "stored user")
  })

  test("deleteUser removes the user, their sessions and their accounts", async () => {
    const a = adapter()
    const user = await newUser(a)
    const sessions = [await newSession(a, user.id), await newSession(a, user.id)]
    const accounts = [await newAccount(a, user.id), await newAccount(a, user.id, { provider: "google" })]

    await a.deleteUser(user.id)

    expect(await db.user(user.id), "stored user").toBeNull()
    for (const { sessionToken } of sessions) expect(await db.session(sessionToken), "stored session").toBeNull()
    for (const account of accounts) {
      expect(await db.account(accountKey(account)), "stored account").toBeNull()
    }
    expect(await a.getUser(user.id), "getUser() after deleteUser").toBeNull()
    expect(await a.getUserByEmail(user.email), "getUserByEmail() after deleteUser").toBeNull()
  })

  test("deleteUser leaves other users, their sessions and their accounts untouched", async () => {
    const a = adapter()
    const doomed = await newUser(a)
    const other = await newUser(a)
    await newSession(a, doomed.id)
    const session = await newSession(a, other.id)
    const account = await newAccount(a, other.id)

    await a.deleteUser(doomed.id)

    expectModel(await db.user(other.id), other, "other stored user")
    expectModel(await db.session(session.sessionToken), session, "other user's stored session")
    expectModel(await db.account(accountKey(account)), account, "other user's stored account")
  })
}
