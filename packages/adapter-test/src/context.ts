/**
 * What every group of conformance tests receives: the adapter with all methods present, the direct store reader, and
 * `test`, which registers a test unless the adapter's test file skipped it by name.
 */
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "@gatehousejs/core"
import { accountFixture, sessionFixture, userFixture } from "./fixtures.js"
import type { StoreReader } from "./types.js"

/** Every method present; calling one the adapter lacks fails that test with the method's name. */
export type CompleteAdapter = { [K in keyof Adapter]-?: NonNullable<Adapter[K]> }

export interface SuiteContext {
  adapter(): CompleteAdapter
  db: StoreReader
  /** Registers a test; skipped (and shown as skipped) when its name matches an entry of `options.skip`. */
  test(name: string, fn: () => Promise<void>): void
  /** Registers a WebAuthn test: skipped unless `options.webauthn`. */
  webauthnTest(name: string, fn: () => Promise<void>): void
}

/** Wraps `adapter` so a missing method throws "The <name> adapter does not implement <method>" when used. */
export function complete(adapter: Adapter, name: string): CompleteAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver): unknown {
      const value: unknown = Reflect.get(target, key, receiver)
      if (value === undefined && typeof key === "string") {
        throw new Error(`The ${name} adapter does not implement ${key}(), which this test needs.`)
      }
      return typeof value === "function" ? value.bind(target) : value
    },
  }) as CompleteAdapter
}

/** Creates a fresh user through the adapter; returns what the adapter returned (its id is the one to use). */
export async function newUser(adapter: CompleteAdapter, overrides: Partial<AdapterUser> = {}): Promise<AdapterUser> {
  return await adapter.createUser(userFixture(overrides))
}

/** Creates a fresh session for `userId`; returns the input (what the store must now hold). */
export async function newSession(
  adapter: CompleteAdapter,
  userId: string,
  expires?: Date,
): Promise<AdapterSession> {
  const session = sessionFixture(userId, expires)
  await adapter.createSession(session)
  return session
}

/** Links a fresh OAuth account to `userId`; returns the input (what the store must now hold). */
export async function newAccount(
  adapter: CompleteAdapter,
  userId: string,
  overrides: Partial<AdapterAccount> = {},
): Promise<AdapterAccount> {
  const account = accountFixture(userId, overrides)
  await adapter.linkAccount(account)
  return account
}
