/**
 * `RedisSessionStore`: the JWT strategy's session registry (core's `SessionStore`) in Redis, shared by every process
 * that uses the server. One hash per signed-in browser, expiring at its `expires` (`PEXPIREAT`: Redis's clock decides,
 * and an expired session takes no space); revoking deletes it. A set per user indexes the user's sessions for
 * `listSessions` and `deleteUserSessions`. Every method is one command or one Lua script: one round trip, atomic.
 *
 * | key                      | value                                                              | TTL                          |
 * |--------------------------|--------------------------------------------------------------------|------------------------------|
 * | `session:<sessionToken>` | hash: userId, expires, createdAt, lastActiveAt (ms), userAgent, ip | until `expires`              |
 * | `by-user:<userId>`       | set of session tokens                                              | until its latest `expires`   |
 * | `not-before:<userId>`    | the user's latest revocation, milliseconds (RT-12)                 | –                            |
 *
 * A `null` field is an absent hash field. Scripts build the keys of records they discover (a session's user) from
 * the prefix, so, as for the adapter, the store runs on a single Redis or a Sentinel-managed primary, not on Cluster.
 */
import type { SessionStore } from "@gatehousejs/core"
import { checkNotBefore, checkRegisteredSession, checkSessionChanges, checkSessionId, type RegisteredSession } from "@gatehousejs/core/adapters"
import type { Redis } from "ioredis"
import { RedisAdapterError } from "./errors.js"
import { runScript, script, SET_NOT_BEFORE } from "./scripts.js"
import { notBeforeOf } from "./session-registry.js"

export interface RedisSessionStoreOptions {
  /** Prepended to every key. Default `"gatehouse:jwt-session:"`. Use it instead of ioredis's `keyPrefix`. */
  prefix?: string
}

/** How this store names itself in its error messages. */
const STORE = "RedisSessionStore"

// Redis's clock, and the index's TTL: it lives as long as its longest-lived session, so an idle user's index goes.
const INDEX_TTL = `
local function keepIndexUntil(index, expires)
  local time = redis.call('TIME')
  local left = expires - (tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000))
  if left > 0 and redis.call('PTTL', index) < left then redis.call('PEXPIRE', index, left) end
end
`

/**
 * KEYS: record, the user's index. ARGV: token, expires (ms), record stem, then the hash's field/value pairs. Replaces a
 * record of the same token, and drops index entries whose record has expired, so the set does not grow with every
 * sign-in. A replaced record's old index entry may stay: LIST and DELETE_USER check whose a record is.
 */
const CREATE = script(`${INDEX_TTL}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
for _, token in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('EXISTS', ARGV[3] .. token) == 0 then redis.call('SREM', KEYS[2], token) end
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('SADD', KEYS[2], ARGV[1])
  keepIndexUntil(KEYS[2], tonumber(ARGV[2]))
end
`)

/** KEYS: record. ARGV: expires (ms), lastActiveAt (ms), index stem. Nothing when the record is gone: no revival. */
const UPDATE = script(`${INDEX_TTL}
local userId = redis.call('HGET', KEYS[1], 'userId')
if not userId then return 0 end
redis.call('HSET', KEYS[1], 'expires', ARGV[1], 'lastActiveAt', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
keepIndexUntil(ARGV[3] .. userId, tonumber(ARGV[1]))
return 1
`)

/**
 * KEYS: the user's index. ARGV: record stem, userId. → token, hash fields, token, hash fields, … of the live records.
 * Drops the entries whose record has expired or now belongs to another user.
 */
const LIST = script(`
local found = {}
for _, token in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local fields = redis.call('HGETALL', ARGV[1] .. token)
  local userId = nil
  for i = 1, #fields, 2 do if fields[i] == 'userId' then userId = fields[i + 1] end end
  if userId == ARGV[2] then
    table.insert(found, token)
    table.insert(found, fields)
  else
    redis.call('SREM', KEYS[1], token)
  end
end
return found
`)

/** KEYS: record. ARGV: index stem, token. → 1 when a live record was deleted. */
const DELETE = script(`
local userId = redis.call('HGET', KEYS[1], 'userId')
if not userId then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[1] .. userId, ARGV[2])
return 1
`)

/** KEYS: the user's index. ARGV: record stem, userId, has an exception ("1"/"0"), the excepted token. → how many. */
const DELETE_USER = script(`
local count = 0
for _, token in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if not (ARGV[3] == '1' and token == ARGV[4]) then
    if redis.call('HGET', ARGV[1] .. token, 'userId') == ARGV[2] then
      redis.call('DEL', ARGV[1] .. token)
      count = count + 1
    end
    redis.call('SREM', KEYS[1], token)
  end
end
return count
`)

/**
 * The JWT session store for Redis. Takes an ioredis client (yours to configure and to quit); as for the adapter, give
 * it `maxRetriesPerRequest: 1` and a `commandTimeout`, so that an outage fails a session check quickly.
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 2000 })
 * const sessionStore = RedisSessionStore(redis)
 */
export function RedisSessionStore(client: Redis, options: RedisSessionStoreOptions = {}): Required<SessionStore> {
  if (client.options.keyPrefix) {
    throw new RedisAdapterError("KeyPrefixNotSupported", `${STORE}: the ioredis client has \`keyPrefix\` set, which Lua scripts cannot see; remove it and pass \`RedisSessionStore(client, { prefix })\` instead.`)
  }
  const prefix = options.prefix ?? "gatehouse:jwt-session:"
  const [recordStem, indexStem, notBeforeStem] = [`${prefix}session:`, `${prefix}by-user:`, `${prefix}not-before:`]
  return {
    async createSession(session) {
      checkRegisteredSession(STORE, "createSession", session)
      const { sessionToken, userId, expires } = session
      const fields: string[] = ["userId", userId, "expires", String(expires.getTime())]
      if (session.createdAt) fields.push("createdAt", String(session.createdAt.getTime()))
      if (session.lastActiveAt) fields.push("lastActiveAt", String(session.lastActiveAt.getTime()))
      if (session.userAgent !== null) fields.push("userAgent", session.userAgent)
      if (session.ip !== null) fields.push("ip", session.ip)
      const args = [sessionToken, expires.getTime(), recordStem, ...fields]
      await runScript(client, CREATE, [recordStem + sessionToken, indexStem + userId], args)
    },

    async getSession(sessionToken) {
      checkSessionId(STORE, "getSession", "sessionToken", sessionToken)
      const fields = await client.hgetall(recordStem + sessionToken)
      return Object.keys(fields).length === 0 ? null : decode(sessionToken, fields)
    },

    async updateSession(sessionToken, changes) {
      checkSessionId(STORE, "updateSession", "sessionToken", sessionToken)
      checkSessionChanges(STORE, "updateSession", changes)
      await runScript(client, UPDATE, [recordStem + sessionToken], [changes.expires.getTime(), changes.lastActiveAt.getTime(), indexStem])
    },

    async listSessions(userId) {
      checkSessionId(STORE, "listSessions", "userId", userId)
      const reply = (await runScript(client, LIST, [indexStem + userId], [recordStem, userId])) as (string | string[])[]
      const sessions: RegisteredSession[] = []
      for (let i = 0; i < reply.length; i += 2) sessions.push(decode(reply[i] as string, pairs(reply[i + 1] as string[])))
      // Newest sign-in first, those without a known one last; the token breaks ties so the order is stable.
      const created = (s: RegisteredSession): number => s.createdAt?.getTime() ?? Number.NEGATIVE_INFINITY
      return sessions.sort((a, b) => created(b) - created(a) || (a.sessionToken < b.sessionToken ? -1 : 1))
    },

    async deleteSession(sessionToken) {
      checkSessionId(STORE, "deleteSession", "sessionToken", sessionToken)
      return (await runScript(client, DELETE, [recordStem + sessionToken], [indexStem, sessionToken])) === 1
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      checkSessionId(STORE, "deleteUserSessions", "userId", userId)
      if (exceptSessionToken !== undefined) checkSessionId(STORE, "deleteUserSessions", "exceptSessionToken", exceptSessionToken)
      const except = exceptSessionToken === undefined ? ["0", ""] : ["1", exceptSessionToken]
      return (await runScript(client, DELETE_USER, [indexStem + userId], [recordStem, userId, ...except])) as number
    },

    async setSessionsNotBefore(userId, at) {
      checkSessionId(STORE, "setSessionsNotBefore", "userId", userId)
      checkNotBefore(STORE, "setSessionsNotBefore", at)
      await runScript(client, SET_NOT_BEFORE, [notBeforeStem + userId], [at.getTime()])
    },

    async getSessionsNotBefore(userId) {
      checkSessionId(STORE, "getSessionsNotBefore", "userId", userId)
      return notBeforeOf(await client.get(notBeforeStem + userId), STORE)
    },
  }
}

/** A flat `[field, value, …]` reply as an object. */
function pairs(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (let i = 0; i < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!
  return fields
}

function decode(sessionToken: string, fields: Record<string, string>): RegisteredSession {
  const date = (ms: string | undefined): Date | null => (ms === undefined ? null : new Date(Number(ms)))
  const expires = date(fields.expires)
  if (fields.userId === undefined || !expires || Number.isNaN(expires.getTime())) {
    throw new RedisAdapterError("CorruptValue", `${STORE}: a stored session is not the hash the store wrote.`)
  }
  return {
    sessionToken,
    userId: fields.userId,
    expires,
    createdAt: date(fields.createdAt),
    lastActiveAt: date(fields.lastActiveAt),
    userAgent: fields.userAgent ?? null,
    ip: fields.ip ?? null,
  }
}
