/**
 * getAccount and the authenticator methods (authjs-behaviour §7.2, WebAuthn). Registered always, run only with
 * `options.webauthn`, like the Auth.js suite's `testWebAuthnMethods`.
 */
import type { AdapterAuthenticator } from "@gatehouse/core"
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

  webauthnTest("updateAuthenticatorCounter rejects for an unknown credential ID", async () => {
    await expect(Promise.resolve().then(() => adapter().updateAuthenticatorCounter(randomUUID(), 2))).rejects.toThrow()
  })
}
