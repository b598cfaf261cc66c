/**
 * What an adapter's test file gives the conformance suite: the adapter, and direct reads of the store that bypass
 * the adapter (so the suite checks what was really written, not what the adapter says it wrote).
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehousejs/core"
import type { AdapterPassword, SessionMetadata } from "@gatehousejs/core/adapters"

export interface StoreReader {
  user(id: string): Promise<AdapterUser | null>
  account(key: { provider: string; providerAccountId: string }): Promise<AdapterAccount | null>
  /**
   * The stored session row or record as it is (`SELECT *`), dates as `Date`: it must hold Auth.js's fields and nothing
   * else, as Auth.js's suite compares it with `toEqual`.
   */
  session(sessionToken: string): Promise<AdapterSession | null>
  /**
   * For an adapter with the session registry: the metadata it keeps for the session beside Auth.js's row, under the
   * model's names (`createdAt` and `lastActiveAt` as `Date`s, `userAgent`, `ip`), `null` or absent where none is
   * stored. Without it, the registry's tests read the metadata through the adapter only.
   */
  sessionMetadata?(sessionToken: string): Promise<Partial<SessionMetadata> | null>
  verificationToken(key: { identifier: string; token: string }): Promise<VerificationToken | null>
  authenticator?(credentialID: string): Promise<AdapterAuthenticator | null>
  /**
   * For an adapter with the password methods: the user's password record where the adapter keeps it, beside Auth.js's
   * tables, under the model's names (`hash`, `resetToken`, `updatedAt` as a `Date`), `null` when none is stored.
   * Without it, the password tests read the record through the adapter only.
   */
  password?(userId: string): Promise<AdapterPassword | null>
}

export interface AdapterTestOptions {
  /** Shown in the test names, e.g. "sqlite". */
  name: string
  /** The adapter under test. May be created in `setup`. */
  adapter: () => Adapter
  db: StoreReader
  /** Runs before the suite (connect, migrate, empty the store). */
  setup?: () => Promise<void>
  /** Runs after the suite (disconnect). */
  teardown?: () => Promise<void>
  /** Test names to skip, with the reason in the adapter's test file. */
  skip?: string[]
  /** Run the WebAuthn authenticator methods' tests too. */
  webauthn?: boolean
}
