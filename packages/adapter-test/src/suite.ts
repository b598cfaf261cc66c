/**
 * `runAdapterTests`: the adapter conformance suite. It covers every method of the Auth.js `Adapter` contract
 * (authjs-behaviour §7.2, the Auth.js shared suite §7.3) and the database reliability cases DB-01, DB-02, DB-03 and
 * DB-06 (security catalog §6 group E), checking what the store really holds through the test file's `db` reader, and
 * what Auth.js's own shared suite asserts (`contract/authjs-suite.ts`): rows and results with no key beyond Auth.js's.
 * An adapter with Gatehouse's optional token-refresh methods is held to their contract too (`contract/token-refresh.ts`),
 * one with the session-registry methods to theirs (`contract/session-registry.ts`), and one with the password methods
 * to theirs (`contract/passwords.ts`); one without them, such as an Auth.js adapter, shows those tests as skipped.
 *
 * Unlike the Auth.js suite, each test creates its own random users, tokens and accounts, so one failure does not
 * cascade; the tests still run in order (`describe.sequential`).
 *
 * @example
 * runAdapterTests({
 *   name: "sqlite",
 *   adapter: () => adapter,
 *   db: { user: (id) => …, account: (key) => …, session: (token) => …, verificationToken: (key) => … },
 *   skip: ["DB-03 unique account"],
 * })
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountTests } from "./contract/accounts.js"
import { authjsSuiteTests } from "./contract/authjs-suite.js"
import { concurrencyTests } from "./contract/concurrency.js"
import { hasPasswords, passwordTests } from "./contract/passwords.js"
import { hasSessionRegistry, sessionRegistryTests } from "./contract/session-registry.js"
import { sessionTests } from "./contract/sessions.js"
import { hasTokenRefresh, tokenRefreshTests } from "./contract/token-refresh.js"
import { userTests } from "./contract/users.js"
import { verificationTokenTests } from "./contract/verification-tokens.js"
import { webauthnTests } from "./contract/webauthn.js"
import { complete, type SuiteContext } from "./context.js"
import type { AdapterTestOptions } from "./types.js"
import type { Adapter } from "@gatehousejs/core"
import {
  coreAdapterMethods,
  passwordAdapterMethods,
  sessionRegistryAdapterMethods,
  tokenRefreshAdapterMethods,
  webAuthnAdapterMethods,
} from "@gatehousejs/core/adapters"

const HOOK_TIMEOUT_MS = 60_000
/** Generous: the concurrency tests run 20 rounds against a real database. */
const TEST_TIMEOUT_MS = 30_000

/** The methods the Auth.js suite requires of every adapter, and the WebAuthn ones it requires with WebAuthn on. */
const CORE_METHODS = coreAdapterMethods
const WEBAUTHN_METHODS = webAuthnAdapterMethods
/** Gatehouse's provider token refresh: optional, but all four or none. */
const TOKEN_REFRESH_METHODS = tokenRefreshAdapterMethods
/** Gatehouse's session registry: optional, but both or none. */
const SESSION_REGISTRY_METHODS = sessionRegistryAdapterMethods
/** Gatehouse's `Password` provider: optional, but both or none. */
const PASSWORD_METHODS = passwordAdapterMethods

/**
 * Registers the conformance tests of one adapter as `describe("adapter: <name>")`. A `skip` entry skips every test
 * whose name equals it or contains it (so `"DB-03 unique account"` names that test); skipped tests are still listed
 * as skipped, and an entry that matches no test fails the suite, so a renamed test cannot hide a skip.
 */
export function runAdapterTests(options: AdapterTestOptions): void {
  const skip = options.skip ?? []
  const registered: string[] = []
  const isSkipped = (name: string): boolean => skip.some((entry) => name === entry || name.includes(entry))

  describe.sequential(`adapter: ${options.name}`, () => {
    beforeAll(async () => {
      await options.setup?.()
    }, HOOK_TIMEOUT_MS)
    afterAll(async () => {
      await options.teardown?.()
    }, HOOK_TIMEOUT_MS)

    const context: SuiteContext = {
      adapter: () => complete(options.adapter(), options.name),
      db: options.db,
      test(name, fn) {
        registered.push(name)
        it.skipIf(isSkipped(name))(name, fn, TEST_TIMEOUT_MS)
      },
      webauthnTest(name, fn) {
        registered.push(name)
        it.skipIf(options.webauthn !== true || isSkipped(name))(name, fn, TEST_TIMEOUT_MS)
      },
    }
    /**
     * A context whose tests run only for an adapter that `has` the optional methods they need, which is known once
     * `setup` has run; for any other they show as skipped with `note`.
     */
    const optional = (has: (adapter: Adapter) => boolean, note: string): SuiteContext => ({
      ...context,
      test(name, fn) {
        registered.push(name)
        const run = async ({ skip }: { skip: (note?: string) => never }): Promise<void> => {
          if (!has(options.adapter())) skip(note)
          await fn()
        }
        it.skipIf(isSkipped(name))(name, run, TEST_TIMEOUT_MS)
      },
    })
    const tokenRefreshContext = optional(hasTokenRefresh, "the adapter has no token-refresh methods (they are optional)")
    const sessionRegistryContext = optional(hasSessionRegistry, "the adapter has no session-registry methods (they are optional)")
    const passwordContext = optional(hasPasswords, "the adapter has no password methods (they are optional)")
    const registryAndRefreshContext = optional(
      (adapter) => hasSessionRegistry(adapter) && hasTokenRefresh(adapter),
      "the adapter lacks the session-registry or the token-refresh methods (both are optional)",
    )

    context.test("implements every method of the Auth.js Adapter contract", async () => {
      const adapter = options.adapter()
      expect(CORE_METHODS.filter((method) => typeof adapter[method] !== "function"), "missing methods").toEqual([])
    })
    context.webauthnTest("implements the WebAuthn methods", async () => {
      const adapter = options.adapter()
      expect(WEBAUTHN_METHODS.filter((method) => typeof adapter[method] !== "function"), "missing methods").toEqual([])
    })
    context.test("implements the token-refresh methods all together or not at all", async () => {
      const adapter = options.adapter()
      if (!hasTokenRefresh(adapter)) return
      expect(TOKEN_REFRESH_METHODS.filter((method) => typeof adapter[method] !== "function"), "missing methods").toEqual([])
    })
    context.test("implements the session-registry methods all together or not at all", async () => {
      const adapter = options.adapter()
      if (!hasSessionRegistry(adapter)) return
      expect(SESSION_REGISTRY_METHODS.filter((method) => typeof adapter[method] !== "function"), "missing methods").toEqual([])
    })
    context.test("implements the password methods all together or not at all", async () => {
      const adapter = options.adapter()
      if (!hasPasswords(adapter)) return
      expect(PASSWORD_METHODS.filter((method) => typeof adapter[method] !== "function"), "missing methods").toEqual([])
    })

    authjsSuiteTests(context)
    userTests(context)
    sessionTests(context)
    accountTests(context)
    verificationTokenTests(context)
    concurrencyTests(context)
    webauthnTests(context)
    tokenRefreshTests(tokenRefreshContext)
    sessionRegistryTests(sessionRegistryContext, registryAndRefreshContext)
    passwordTests(passwordContext)

    it("every options.skip entry names a test of the suite", () => {
      const unknown = skip.filter((entry) => !registered.some((name) => name === entry || name.includes(entry)))
      expect(unknown, "skip entries that match no test (renamed or misspelt?)").toEqual([])
    })
  })
}
