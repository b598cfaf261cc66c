/**
 * getAccount and the authenticator methods (authjs-behaviour §7.2, WebAuthn). Registered always, run only with
 * `options.webauthn`, like the Auth.js suite's `testWebAuthnMethods`.
 */
import type { AdapterAuthenticator } from "@gatehousejs/core"
import { expect } from "vitest"
import { expectModel } from "../compare.js"
import { newAccount, newUser, type CompleteAdapter, type SuiteContext } from "../context.js"
import { authenticatorFixture, randomUUID } from "../fixtures.js"

/** A user with a WebAuthn account and one authenticator, created through the adapter. */
async function newAuthenticator(
  adapter: CompleteAdapter,
  overrides: Partial<AdapterAuthenticator> = {},
): Promise<{ userId: string; authenticator: AdapterAuthenticator; created: AdapterAuthenticator }> {
  const user = await newUser(adapter)
  const account = await newAccount(adapter, user.id, { type: "webauthn", provider: "passkey" })
  const authenticator = authenticatorFixture(user.id, account.providerAccountId, overrides)
  const created = await adapter.createAuthenticator(authenticator)
  return { userId: user.id, authenticator, created }
}

export function webauthnTests({ adapter, db, webauthnTest }: SuiteContext): void {
  webauthnTest("getAccount returns the linked account", async () => {
    const user = await newUser(adapter())
    const account = await newAccount(adapter(), user.id, { type: "webauthn", provider: "passkey" })
    expectModel(await adapter().getAccount(account.providerAccountId, account.provider), account, "getAccount() result")
  })

  webauthnTest("getAccount returns null for an unknown account", async () => {
    expect(await adapter().getAccount(randomUUID(), "passkey")).toBeNull()
  })

  webauthnTest("createAuthenticator stores the authenticator and returns it", async () => {
    const { authenticator, created } = await newAuthenticator(adapter())
    expectModel(created, authenticator, "createAuthenticator() result")
    if (db.authenticator) {
      expectModel(await db.authenticator(authenticator.credentialID), authenticator, "stored authenticator")
    }
  })

  webauthnTest("createAuthenticator without transports stores them as absent or null", async () => {
    const { authenticator, created } = await newAuthenticator(adapter(), { transports: null })
    expectModel(created, authenticator, "createAuthenticator() result")
    expectModel(await adapter().getAuthenticator(authenticator.credentialID), authenticator, "getAuthenticator() result")
  })

  webauthnTest("getAuthenticator returns the authenticator, and null for an unknown credential ID", async () => {
    const { authenticator } = await newAuthenticator(adapter())
    expectModel(await adapter().getAuthenticator(authenticator.credentialID), authenticator, "getAuthenticator() result")
    expect(await adapter().getAuthenticator(randomUUID()), "unknown credential ID").toBeNull()
  })

  webauthnTest("listAuthenticatorsByUserId returns the user's authenticators, and [] for an unknown user", async () => {
    const a = adapter()
    const { userId, authenticator } = await newAuthenticator(a)
    const second = authenticatorFixture(userId, authenticator.providerAccountId)
    await a.createAuthenticator(second)
    await newAuthenticator(a) // another user's, which must not be listed

    const listed = await a.listAuthenticatorsByUserId(userId)
    expect(listed, "listAuthenticatorsByUserId() result").toHaveLength(2)
    const byId = new Map(listed.map((found) => [found.credentialID, found]))
    expectModel(byId.get(authenticator.credentialID), authenticator, "first listed authenticator")
    expectModel(byId.get(second.credentialID), second, "second listed authenticator")
    expect(await a.listAuthenticatorsByUserId(randomUUID()), "unknown user").toEqual([])
  })

  webauthnTest("updateAuthenticatorCounter stores the new counter and returns the authenticator", async () => {
    const { authenticator } = await newAuthenticator(adapter())
    const updated = await adapter().updateAuthenticatorCounter(authenticator.credentialID, 42)
    expectModel(updated, { ...authenticator, counter: 42 }, "updateAuthenticatorCounter() result")
    expectModel(await adapter().getAuthenticator(authenticator.credentialID), { ...authenticator, counter: 42 }, "getAuthenticator() after update")
  })

  webauthnTest("createAuthenticator rejects a credential ID that is already registered, and keeps the first", async () => {
    const a = adapter()
    const { authenticator } = await newAuthenticator(a)
    const other = await newUser(a)
    const duplicate = authenticatorFixture(other.id, authenticator.providerAccountId, { credentialID: authenticator.credentialID, counter: 99 })
    await expect(Promise.resolve().then(() => a.createAuthenticator(duplicate)), "duplicate credential ID").rejects.toThrow()
    expectModel(await a.getAuthenticator(authenticator.credentialID), authenticator, "getAuthenticator() after the duplicate")
    expect(await a.listAuthenticatorsByUserId(other.id), "the other user's list").toEqual([])
  })

  webauthnTest("credential IDs are Auth.js's standard base64 (+, /, =) and are matched exactly, case included", async () => {
    const a = adapter()
    const user = await newUser(a)
    const account = await newAccount(a, user.id, { type: "webauthn", provider: "passkey" })
    const upper = authenticatorFixture(user.id, account.providerAccountId, { credentialID: "Ab+/Cd==" })
    const lower = authenticatorFixture(user.id, account.providerAccountId, { credentialID: "ab+/cd==" })
    await a.createAuthenticator(upper)
    await a.createAuthenticator(lower)
    expectModel(await a.getAuthenticator("Ab+/Cd=="), upper, "getAuthenticator(Ab+/Cd==)")
    expectModel(await a.getAuthenticator("ab+/cd=="), lower, "getAuthenticator(ab+/cd==)")
    expect(await a.getAuthenticator("Ab-_Cd"), "the base64url spelling is another id").toBeNull()
  })

  webauthnTest("the counter keeps the full 32-bit range, and updating one credential leaves the others alone", async () => {
    const a = adapter()
    const { userId, authenticator } = await newAuthenticator(a)
    const second = authenticatorFixture(userId, authenticator.providerAccountId, { counter: 5 })
    await a.createAuthenticator(second)
    await a.updateAuthenticatorCounter(authenticator.credentialID, 4294967295)
    expect((await a.getAuthenticator(authenticator.credentialID))?.counter, "2^32 - 1").toBe(4294967295)
    expectModel(await a.getAuthenticator(second.credentialID), second, "the other authenticator")
  })

  webauthnTest("deleteUser removes the user's authenticators too", async () => {
    const a = adapter()
    const { userId, authenticator } = await newAuthenticator(a)
    const { authenticator: kept } = await newAuthenticator(a)
    await a.deleteUser(userId)
    expect(await a.getAuthenticator(authenticator.credentialID), "getAuthenticator() after deleteUser").toBeNull()
    expect(await a.listAuthenticatorsByUserId(userId), "listAuthenticatorsByUserId() after deleteUser").toEqual([])
    expectModel(await a.getAuthenticator(kept.credentialID), kept, "another user's authenticator")
  })

  webauthnTest("updateAuthenticatorCounter rejects for an unknown credential ID", async () => {
    await expect(Promise.resolve().then(() => adapter().updateAuthenticatorCounter(randomUUID(), 2))).rejects.toThrow()
  })
}
