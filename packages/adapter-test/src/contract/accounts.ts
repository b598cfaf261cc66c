/** linkAccount, getUserByAccount, unlinkAccount (authjs-behaviour §7.2). */
import { expect } from "vitest"
import { expectModel, isNothing } from "../compare.js"
import { newAccount, newUser, type SuiteContext } from "../context.js"
import { accountFixture, accountKey, randomUUID } from "../fixtures.js"

export function accountTests({ adapter, db, test }: SuiteContext): void {
  test("linkAccount stores every token field in snake_case, with expires_at a number", async () => {
    const user = await newUser(adapter())
    const input = accountFixture(user.id)
    const returned = await adapter().linkAccount(input)
    if (!isNothing(returned)) expectModel(returned, input, "linkAccount() result")
    const stored = await db.account(accountKey(input))
    expectModel(stored, input, "stored account")
    expect(typeof stored?.expires_at, "stored expires_at").toBe("number")
  })

  test("linkAccount with only the required fields stores the token fields as absent or null", async () => {
    const user = await newUser(adapter())
    const input = { userId: user.id, type: "oidc" as const, provider: "keycloak", providerAccountId: randomUUID() }
    await adapter().linkAccount(input)
    expectModel(await db.account(accountKey(input)), input, "stored account")
  })

  test("getUserByAccount returns the account's user", async () => {
    const user = await newUser(adapter())
    const account = await newAccount(adapter(), user.id)
    expectModel(await adapter().getUserByAccount(accountKey(account)), user, "getUserByAccount() result")
  })

  test("getUserByAccount returns null for an unknown account and for a known id of another provider", async () => {
    const user = await newUser(adapter())
    const account = await newAccount(adapter(), user.id, { provider: "github" })
    const unknown = { provider: "github", providerAccountId: randomUUID() }
    expect(await adapter().getUserByAccount(unknown), "unknown providerAccountId").toBeNull()
    const otherProvider = { provider: "gitlab", providerAccountId: account.providerAccountId }
    expect(await adapter().getUserByAccount(otherProvider), "same providerAccountId, other provider").toBeNull()
  })

  test("unlinkAccount removes the account and keeps the user and the user's other accounts", async () => {
    const user = await newUser(adapter())
    const doomed = await newAccount(adapter(), user.id, { provider: "github" })
    const kept = await newAccount(adapter(), user.id, { provider: "google" })
    await adapter().unlinkAccount(accountKey(doomed))
    expect(await db.account(accountKey(doomed)), "stored account").toBeNull()
    expect(await adapter().getUserByAccount(accountKey(doomed)), "getUserByAccount() after unlinkAccount").toBeNull()
    expectModel(await db.account(accountKey(kept)), kept, "other stored account")
    expectModel(await db.user(user.id), user, "stored user")
  })
}
