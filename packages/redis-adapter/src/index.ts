/**
 * `@gatehousejs/redis-adapter`: the Auth.js adapter contract on Redis through ioredis. Sessions and verification tokens
 * carry Redis's native TTL, so an expired one disappears by itself; unique e-mail and account keys are claimed with
 * `SET NX` inside Lua scripts, so two concurrent first sign-ins cannot create two users (DB-03); a verification token
 * is consumed with `GETDEL`, so it is used once however many requests race for it (DB-02). Gatehouse's provider token
 * refresh keeps its lease and failure mark in the account's record, claimed and ended by Lua scripts
 * (`token-refresh.ts`); its session registry keeps each session's metadata in the session's record and lists and
 * deletes a user's sessions through the sessions-by-user set (`session-registry.ts`).
 *
 * Needs Redis ≥ 6.2 (`GETDEL`), a single server or a Sentinel-managed primary (not Cluster: see `keys.ts`).
 * Key layout: `keys.ts`. Dates: `codec.ts`.
 *
 * Outages: the adapter does not retry or time out by itself; ioredis does. With its defaults a command waits in the
 * offline queue while ioredis reconnects (up to `maxRetriesPerRequest` = 20 retries). For a `/session` that answers
 * 503 within a bound when Redis is down, give the client `maxRetriesPerRequest: 1` (or `enableOfflineQueue: false`)
 * and a `commandTimeout`.
 */
import { randomUUID } from "node:crypto"
import type {
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehousejs/core"
import type { SessionMetadata } from "@gatehousejs/core/adapters"
import type { Redis } from "ioredis"
import { authenticatorMethods } from "./authenticators.js"
import type { RedisAdapterInstance } from "./instance.js"
import {
  decodeAccount,
  decodeMetadata,
  decodeSession,
  decodeUser,
  decodeVerificationToken,
  definedFields,
  encode,
  encodeMetadata,
  sessionRecord,
  ttlMs,
} from "./codec.js"
import { asText, expectOk, fail, MAX_CAS_ATTEMPTS } from "./replies.js"
import { checkedMetadata, optionalDate, sessionRegistryMethods } from "./session-registry.js"
import { tokenRefreshMethods } from "./token-refresh.js"
import { keyLayout } from "./keys.js"
import { migrate } from "./migrate.js"
import { passwordMethods } from "./passwords.js"
import {
  CREATE_SESSION,
  CREATE_USER,
  DELETE_SESSION,
  DELETE_USER,
  GET_SESSION_AND_USER,
  GET_USER_BY_ACCOUNT,
  GET_USER_BY_EMAIL,
  LINK_ACCOUNT,
  UNLINK_ACCOUNT,
  UPDATE_SESSION,
  UPDATE_USER,
  runScript,
  type Script,
} from "./scripts.js"

export { RedisAdapterError, type RedisAdapterErrorCode } from "./errors.js"
export type { RedisAdapterInstance } from "./instance.js"
export { keyLayout, type KeyStems, type Keys } from "./keys.js"
export { RedisRateLimitStore, type RedisRateLimitStoreInstance, type RedisRateLimitStoreOptions } from "./rate-limit-store.js"
export { RedisSessionStore, type RedisSessionStoreOptions } from "./session-store.js"

export interface RedisAdapterOptions {
  /** Prepended to every key. Default `"gatehouse:"`. Use it instead of ioredis's `keyPrefix`. */
  prefix?: string
}

/**
 * A Gatehouse (and Auth.js) adapter that keeps users, accounts, sessions, verification tokens and WebAuthn
 * authenticators in Redis.
 *
 * @example
 * import { Redis } from "ioredis"
 * import { RedisAdapter } from "@gatehousejs/redis-adapter"
 *
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 2000 })
 * export const { handlers, auth } = Gatehouse({ adapter: RedisAdapter(redis), providers: [GitHub] })
 */
export function RedisAdapter(client: Redis, options: RedisAdapterOptions = {}): RedisAdapterInstance {
  if (client.options.keyPrefix) fail("KeyPrefixNotSupported", "RedisAdapter")
  const keys = keyLayout(options.prefix ?? "gatehouse:")
  const { stems } = keys
  const run = (s: Script, scriptKeys: string[], args: (string | number)[]): Promise<unknown> => runScript(client, s, scriptKeys, args)

  return {
    async createUser(user: AdapterUser): Promise<AdapterUser> {
      const id = user.id || randomUUID()
      const stored: AdapterUser = { ...user, id }
      const email = emailOf(stored)
      const reply = await run(CREATE_USER, [keys.user(id), keys.userByEmail(email)], [encode(stored), id, flag(email !== "")])
      expectOk(reply, "createUser")
      return stored
    },

    async getUser(id: string): Promise<AdapterUser | null> {
      const text = await client.get(keys.user(id))
      return text === null ? null : decodeUser(text)
    },

    async getUserByEmail(email: string): Promise<AdapterUser | null> {
      if (!email) return null
      const text = asText(await run(GET_USER_BY_EMAIL, [keys.userByEmail(email)], [stems.user]))
      return text === null ? null : decodeUser(text)
    },

    async getUserByAccount({ provider, providerAccountId }): Promise<AdapterUser | null> {
      const text = asText(await run(GET_USER_BY_ACCOUNT, [keys.account(provider, providerAccountId)], [stems.user]))
      return text === null ? null : decodeUser(text)
    },

    async updateUser(update: Partial<AdapterUser> & Pick<AdapterUser, "id">): Promise<AdapterUser> {
      const key = keys.user(update.id)
      for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
        const current = await client.get(key)
        if (current === null) fail("UserNotFound", "updateUser")
        const before = decodeUser(current)
        const after: AdapterUser = { ...before, ...definedFields(update), id: update.id }
        const next = encode(after)
        const [oldEmail, newEmail] = [emailOf(before), emailOf(after)]
        const reply = await run(
          UPDATE_USER,
          [key, keys.userByEmail(oldEmail), keys.userByEmail(newEmail)],
          [current, next, update.id, flag(oldEmail !== newEmail), flag(oldEmail !== ""), flag(newEmail !== "")],
        )
        if (reply === "Retry") continue
        expectOk(reply, "updateUser")
        return decodeUser(next)
      }
      return fail("ConcurrentUpdate", "updateUser")
    },

    /** Deletes the user, its e-mail index, accounts, sessions, authenticators and password in one atomic script. */
    async deleteUser(userId: string): Promise<AdapterUser | null> {
      const reply = await run(
        DELETE_USER,
        [
          keys.user(userId),
          keys.accountsByUser(userId),
          keys.sessionsByUser(userId),
          keys.authenticatorsByUser(userId),
          keys.refreshFailedByUser(userId),
          keys.authenticatorOrderByUser(userId),
          keys.userPassword(userId),
        ],
        [userId, stems.userByEmail, stems.account, stems.session, stems.authenticator, stems.refreshState, stems.sessionMetadata],
      )
      const text = asText(reply)
      return text === null ? null : decodeUser(text)
    },

    async linkAccount(account: AdapterAccount): Promise<AdapterAccount> {
      const { provider, providerAccountId, userId } = account
      const reply = await run(
        LINK_ACCOUNT,
        [keys.account(provider, providerAccountId), keys.accountsByUser(userId), keys.user(userId)],
        [encode(account), keys.accountMember(provider, providerAccountId)],
      )
      expectOk(reply, "linkAccount")
      return account
    },

    async unlinkAccount({ provider, providerAccountId }): Promise<AdapterAccount | undefined> {
      const reply = await run(
        UNLINK_ACCOUNT,
        [keys.account(provider, providerAccountId), keys.refreshState(provider, providerAccountId)],
        [stems.accountsByUser, keys.accountMember(provider, providerAccountId), stems.refreshFailedByUser],
      )
      const text = asText(reply)
      return text === null ? undefined : decodeAccount(text)
    },

    async getAccount(providerAccountId: string, provider: string): Promise<AdapterAccount | null> {
      const text = await client.get(keys.account(provider, providerAccountId))
      return text === null ? null : decodeAccount(text)
    },

    /** The session's record holds what Auth.js stores; its metadata, when any is known, a key of its own. */
    async createSession(session: AdapterSession & Partial<SessionMetadata>): Promise<AdapterSession & Partial<SessionMetadata>> {
      const { sessionToken, userId, expires } = session
      const metadata = encodeMetadata(checkedMetadata(session))
      const record = sessionRecord(session)
      const reply = await run(
        CREATE_SESSION,
        [keys.session(sessionToken), keys.sessionsByUser(userId), keys.user(userId), keys.sessionMetadata(sessionToken)],
        [encode(record), ttlMs(expires), sessionToken, stems.session, metadata],
      )
      expectOk(reply, "createSession")
      return { ...record, ...decodeMetadata(metadata || null) }
    },

    /** The session, its metadata and its user in one round trip (a Lua script reads them, and the user's failed set). */
    async getSessionAndUser(
      sessionToken: string,
    ): Promise<{ session: AdapterSession & Partial<SessionMetadata> & { refreshFailed?: true }; user: AdapterUser } | null> {
      const reply = await run(GET_SESSION_AND_USER, [keys.session(sessionToken), keys.sessionMetadata(sessionToken)], [stems.user, stems.refreshFailedByUser])
      if (!Array.isArray(reply)) return null
      const [session, user] = [asText(reply[0]), asText(reply[1])]
      if (!session || !user) return null
      // Only what is known, and a mark only when set: a session an Auth.js caller wrote reads back as it was written.
      const decoded = { ...decodeSession(session), ...decodeMetadata(asText(reply[3])) }
      return { session: reply[2] === 1 ? { ...decoded, refreshFailed: true } : decoded, user: decodeUser(user) }
    },

    /** Merges the update and sets the TTL again from the new `expires`. `null` when the session is gone. */
    async updateSession(
      update: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken"> & { lastActiveAt?: Date | null },
    ): Promise<(AdapterSession & Partial<SessionMetadata>) | null> {
      const seen = optionalDate(update.lastActiveAt, "lastActiveAt", "updateSession")
      const key = keys.session(update.sessionToken)
      for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
        const current = await client.get(key)
        if (current === null) return null
        const before = decodeSession(current)
        const { lastActiveAt: _seen, ...rest } = definedFields(update)
        const after: AdapterSession = { ...before, ...rest }
        const next = encode(after)
        // "Last active" is never unlearnt: without a new time the stored one stays.
        const reply = await run(
          UPDATE_SESSION,
          [key, keys.sessionsByUser(before.userId), keys.sessionsByUser(after.userId), keys.sessionMetadata(update.sessionToken)],
          [current, next, ttlMs(after.expires), update.sessionToken, seen ? seen.toISOString() : ""],
        )
        if (reply === "Retry") continue
        const metadata = Array.isArray(reply) ? asText(reply[1]) : null
        return { ...decodeSession(next), ...decodeMetadata(metadata) }
      }
      return fail("ConcurrentUpdate", "updateSession")
    },

    /** Deletes the session and its metadata; returns the session as stored. */
    async deleteSession(sessionToken: string): Promise<AdapterSession | null> {
      const reply = await run(DELETE_SESSION, [keys.session(sessionToken), keys.sessionMetadata(sessionToken)], [stems.sessionsByUser, sessionToken])
      const text = asText(reply)
      return text === null ? null : decodeSession(text)
    },

    async createVerificationToken(token: VerificationToken): Promise<VerificationToken> {
      await client.set(keys.verificationToken(token.identifier, token.token), encode(token), "PX", ttlMs(token.expires))
      return token
    },

    /** Returns and deletes the token in one `GETDEL`, so of any number of concurrent uses exactly one gets it. */
    async useVerificationToken({ identifier, token }): Promise<VerificationToken | null> {
      // Core passes an undefined identifier when the link has no `email`: no key can match it.
      if (typeof identifier !== "string" || typeof token !== "string") return null
      const text = await client.getdel(keys.verificationToken(identifier, token))
      return text === null ? null : decodeVerificationToken(text)
    },

    ...authenticatorMethods(client, keys, run),

    ...tokenRefreshMethods(keys, run),
    ...sessionRegistryMethods(keys, run, (key) => client.get(key)),
    ...passwordMethods(keys, run, { get: (key) => client.get(key), del: (key) => client.del(key) }),

    migrate: () => migrate(client, keys),
  }
}

/** The e-mail a user is indexed by; "" for none (core creates users without an e-mail as `email: ""`). */
function emailOf(user: Partial<AdapterUser>): string {
  return typeof user.email === "string" ? user.email : ""
}

function flag(value: boolean): string {
  return value ? "1" : "0"
}
