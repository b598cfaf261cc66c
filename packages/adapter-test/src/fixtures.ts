/**
 * Fresh random data for each test, so a failing test leaves nothing behind that breaks the next one. Dates have
 * their milliseconds zeroed, as in the Auth.js suite: some stores keep whole seconds.
 */
import { createHash, randomUUID } from "node:crypto"
import type { AdapterAccount, AdapterAuthenticator, AdapterUser, VerificationToken } from "@gatehousejs/core"

export { randomUUID }

export const ONE_MINUTE = 60 * 1000
export const ONE_DAY = 24 * 60 * ONE_MINUTE

/** `now + offsetMs` with the milliseconds zeroed; a negative offset gives a date in the past. */
export function dateFromNow(offsetMs: number): Date {
  const date = new Date(Date.now() + offsetMs)
  date.setMilliseconds(0)
  return date
}

/** SHA-256 hex, the shape of the token Auth.js stores for an e-mail sign-in link. */
export function hashToken(raw: string): string {
  return createHash("sha256").update(`${raw}anything`).digest("hex")
}

export function randomEmail(): string {
  return `user-${randomUUID()}@example.com`
}

/** A complete user, as core passes it to `createUser` (with a generated id the adapter may ignore). */
export function userFixture(overrides: Partial<AdapterUser> = {}): AdapterUser {
  return {
    id: randomUUID(),
    name: "Fill Murray",
    email: randomEmail(),
    image: `https://example.com/avatars/${randomUUID()}.png`,
    emailVerified: dateFromNow(0),
    ...overrides,
  }
}

/** An OAuth account with every token field an adapter is expected to store (snake_case, `expires_at` in seconds). */
export function accountFixture(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId: randomUUID(),
    access_token: randomUUID(),
    token_type: "bearer",
    id_token: randomUUID(),
    refresh_token: randomUUID(),
    scope: "user",
    session_state: randomUUID(),
    expires_at: Math.floor(dateFromNow(30 * ONE_DAY).getTime() / 1000),
    ...overrides,
  }
}

export function sessionFixture(
  userId: string,
  expires: Date = dateFromNow(7 * ONE_DAY),
): { sessionToken: string; userId: string; expires: Date } {
  return { sessionToken: randomUUID(), userId, expires }
}

export function verificationTokenFixture(overrides: Partial<VerificationToken> = {}): VerificationToken {
  return { identifier: randomEmail(), token: hashToken(randomUUID()), expires: dateFromNow(15 * ONE_MINUTE), ...overrides }
}

export function authenticatorFixture(
  userId: string,
  providerAccountId: string,
  overrides: Partial<AdapterAuthenticator> = {},
): AdapterAuthenticator {
  return {
    credentialID: Buffer.from(randomUUID()).toString("base64url"),
    userId,
    providerAccountId,
    counter: 1,
    credentialBackedUp: false,
    credentialPublicKey: Buffer.from(randomUUID()).toString("base64"),
    transports: "internal,hybrid",
    credentialDeviceType: "singleDevice",
    ...overrides,
  }
}

/** The `{ provider, providerAccountId }` key of an account, without its other fields. */
export function accountKey(account: Pick<AdapterAccount, "provider" | "providerAccountId">): {
  provider: string
  providerAccountId: string
} {
  return { provider: account.provider, providerAccountId: account.providerAccountId }
}

/** The `{ identifier, token }` a verification token is used with (what core passes), without its `expires`. */
export function tokenKey(token: { identifier: string; token: string }): { identifier: string; token: string } {
  return { identifier: token.identifier, token: token.token }
}
