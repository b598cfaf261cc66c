/**
 * The Lua scripts behind every operation that must be atomic or take one round trip. A script runs as one unit on
 * the Redis server: no other command sees its intermediate state, which is what makes the unique indexes (DB-03),
 * the cascading `deleteUser` (DB-06) and the compare-and-set updates safe under concurrency.
 *
 * Scripts are sent by SHA-1 (`EVALSHA`); after a Redis restart or `SCRIPT FLUSH` the first call gets `NOSCRIPT` and
 * falls back to `EVAL`, which caches the script again.
 */
import { createHash } from "node:crypto"
import type { Redis } from "ioredis"

export interface Script {
  readonly lua: string
  readonly sha: string
}

/**
 * The kind of a Redis error reply: its first word, which the protocol defines as the error's code ("the first word
 * after the `-`, up to the first space or newline, represents the kind of error returned": RESP, Simple errors,
 * https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors). ioredis keeps the reply as the message.
 */
function errorKind(error: unknown): string | undefined {
  return error instanceof Error ? /^[A-Z]+/.exec(error.message)?.[0] : undefined
}

/** A script and its SHA-1, for `runScript`. */
export function script(lua: string): Script {
  return { lua, sha: createHash("sha1").update(lua).digest("hex") }
}

/** Runs `s` with `keys` and `args`: one round trip, two only the first time after the server forgot the script. */
export async function runScript(client: Redis, s: Script, keys: string[], args: (string | number)[]): Promise<unknown> {
  try {
    return await client.evalsha(s.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (errorKind(error) !== "NOSCRIPT") throw error
    return await client.eval(s.lua, keys.length, ...keys, ...args)
  }
}

// A JSON field of a stored record, as a string (ids may have been written as numbers); nil when absent or unreadable.
const FIELD = `
local function field(json, name)
  local ok, decoded = pcall(cjson.decode, json)
  if not ok or type(decoded) ~= 'table' then return nil end
  local value = decoded[name]
  if type(value) == 'string' then return value end
  if type(value) == 'number' then return tostring(value) end
  return nil
end
`

/**
 * The session check. KEYS: session, its metadata. ARGV: user stem, failed-accounts stem. → `[session, user, failed,
 * metadata]` or nil, where `failed` is 1 when one of the user's accounts is marked failed by the token refresh (its
 * set exists), else 0, and `metadata` is nil when none is known.
 */
export const GET_SESSION_AND_USER = script(`${FIELD}
local session = redis.call('GET', KEYS[1])
if not session then return nil end
local userId = field(session, 'userId')
if not userId then return {session, false} end
return {session, redis.call('GET', ARGV[1] .. userId), redis.call('EXISTS', ARGV[2] .. userId), redis.call('GET', KEYS[2])}
`)

/** KEYS: e-mail index. ARGV: user stem. → user or nil. */
export const GET_USER_BY_EMAIL = script(`
local id = redis.call('GET', KEYS[1])
if not id then return nil end
return redis.call('GET', ARGV[1] .. id)
`)

/** KEYS: account. ARGV: user stem. → user or nil. */
export const GET_USER_BY_ACCOUNT = script(`${FIELD}
local account = redis.call('GET', KEYS[1])
if not account then return nil end
local userId = field(account, 'userId')
if not userId then return nil end
return redis.call('GET', ARGV[1] .. userId)
`)

/** KEYS: user, e-mail index. ARGV: user JSON, id, has e-mail ("1"/"0"). → "OK" or an error code. */
export const CREATE_USER = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 'UserAlreadyExists' end
if ARGV[3] == '1' and not redis.call('SET', KEYS[2], ARGV[2], 'NX') then return 'EmailAlreadyUsed' end
redis.call('SET', KEYS[1], ARGV[1])
return 'OK'
`)

/**
 * Compare-and-set of a user, moving the e-mail index along. KEYS: user, old e-mail index, new e-mail index.
 * ARGV: expected JSON, next JSON, id, e-mail changed, had an e-mail, has an e-mail ("1"/"0").
 * → "OK", "Retry" (the user changed since it was read) or an error code.
 */
export const UPDATE_USER = script(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'Retry' end
if ARGV[4] == '1' then
  if ARGV[6] == '1' then
    local owner = redis.call('GET', KEYS[3])
    if owner and owner ~= ARGV[3] then return 'EmailAlreadyUsed' end
    redis.call('SET', KEYS[3], ARGV[3])
  end
  if ARGV[5] == '1' and redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
end
redis.call('SET', KEYS[1], ARGV[2])
return 'OK'
`)

/**
 * A user and everything that hangs off it. KEYS: user, accounts set, sessions set, authenticators set, failed-accounts
 * set, authenticators' registration order, password record. ARGV: id, e-mail index stem, account stem, session stem,
 * authenticator stem, refresh-state stem, session metadata stem. → the deleted user JSON or nil. An account's refresh
 * state and a session's metadata go with it.
 */
export const DELETE_USER = script(`${FIELD}
local id = ARGV[1]
local user = redis.call('GET', KEYS[1])
if user then
  local email = field(user, 'email')
  if email and email ~= '' and redis.call('GET', ARGV[2] .. email) == id then redis.call('DEL', ARGV[2] .. email) end
end
local function deleteOwned(setKey, stem, besideStem)
  for _, member in ipairs(redis.call('SMEMBERS', setKey)) do
    local record = redis.call('GET', stem .. member)
    if record and field(record, 'userId') == id then
      redis.call('DEL', stem .. member)
      if besideStem then redis.call('DEL', besideStem .. member) end
    end
  end
end
deleteOwned(KEYS[2], ARGV[3], ARGV[6])
deleteOwned(KEYS[3], ARGV[4], ARGV[7])
deleteOwned(KEYS[4], ARGV[5], nil)
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7])
return user
`)

/** KEYS: account, the user's accounts set, user. ARGV: account JSON, set member. → "OK" or an error code. */
export const LINK_ACCOUNT = script(`
if redis.call('EXISTS', KEYS[3]) == 0 then return 'UserNotFound' end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 'AccountAlreadyLinked' end
redis.call('SADD', KEYS[2], ARGV[2])
return 'OK'
`)

/**
 * KEYS: account, its refresh state. ARGV: accounts-set stem, set member, failed-accounts stem. → the removed account
 * JSON or nil. Its refresh state goes with it, and an account marked failed leaves the user's failed set: the session
 * check must not report an account that is gone.
 */
export const UNLINK_ACCOUNT = script(`${FIELD}
local account = redis.call('GET', KEYS[1])
if not account then return nil end
redis.call('DEL', KEYS[1], KEYS[2])
local userId = field(account, 'userId')
if userId then
  redis.call('SREM', ARGV[1] .. userId, ARGV[2])
  redis.call('SREM', ARGV[3] .. userId, ARGV[2])
end
return account
`)

/**
 * KEYS: session, the user's sessions set, user, the session's metadata. ARGV: session JSON, TTL ms, token, session
 * stem, metadata JSON ('' when none is known: no key). → "OK" or an error code. Tokens of sessions that expired by
 * themselves are pruned from the set, so it does not grow without bound.
 */
export const CREATE_SESSION = script(`
if redis.call('EXISTS', KEYS[3]) == 0 then return 'UserNotFound' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if ARGV[5] ~= '' then redis.call('SET', KEYS[4], ARGV[5], 'PX', ARGV[2]) else redis.call('DEL', KEYS[4]) end
for _, token in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('EXISTS', ARGV[4] .. token) == 0 then redis.call('SREM', KEYS[2], token) end
end
redis.call('SADD', KEYS[2], ARGV[3])
return 'OK'
`)

/**
 * Compare-and-set of a session with a new TTL, its metadata following it (with `lastActiveAt` written when given).
 * KEYS: session, old user's sessions set, new user's sessions set, the session's metadata. ARGV: expected JSON, next
 * JSON, TTL ms, token, `lastActiveAt` as an ISO string ('' keeps the stored one). → `["OK", metadata]` (metadata nil
 * when none is known) or "Retry".
 */
export const UPDATE_SESSION = script(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'Retry' end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
if KEYS[2] ~= KEYS[3] then
  redis.call('SREM', KEYS[2], ARGV[4])
  redis.call('SADD', KEYS[3], ARGV[4])
end
local metadata = redis.call('GET', KEYS[4])
if ARGV[5] ~= '' then
  local ok, known = pcall(cjson.decode, metadata or '{}')
  if not ok or type(known) ~= 'table' then known = {} end
  known.lastActiveAt = ARGV[5]
  metadata = cjson.encode(known)
end
if metadata then redis.call('SET', KEYS[4], metadata, 'PX', ARGV[3]) end
return {'OK', metadata}
`)

/** KEYS: session, its metadata. ARGV: sessions-set stem, token. → the deleted session JSON or nil. */
export const DELETE_SESSION = script(`${FIELD}
local session = redis.call('GET', KEYS[1])
if not session then return nil end
redis.call('DEL', KEYS[1], KEYS[2])
local userId = field(session, 'userId')
if userId then redis.call('SREM', ARGV[1] .. userId, ARGV[2]) end
return session
`)

/**
 * The session registry: the user's sessions still stored. KEYS: the user's sessions set. ARGV: session stem, user id,
 * metadata stem. → per session its JSON then its metadata JSON (nil when none is known). Tokens of sessions that
 * expired by themselves (or moved to another user) leave the set.
 */
export const LIST_SESSIONS = script(`${FIELD}
local found = {}
for _, token in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local session = redis.call('GET', ARGV[1] .. token)
  if session and field(session, 'userId') == ARGV[2] then
    table.insert(found, session)
    table.insert(found, redis.call('GET', ARGV[3] .. token))
  else redis.call('SREM', KEYS[1], token) end
end
return found
`)

/**
 * The session registry: every session of the user but one, as one unit. KEYS: the user's sessions set. ARGV: session
 * stem, user id, "1" when ARGV[4] is a token to keep, that token, metadata stem. → how many stored sessions were
 * deleted (a session that expired by itself is gone already, so it is not counted). Their metadata goes with them.
 */
export const DELETE_USER_SESSIONS = script(`${FIELD}
local deleted = 0
for _, token in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if ARGV[3] ~= '1' or token ~= ARGV[4] then
    local session = redis.call('GET', ARGV[1] .. token)
    if session and field(session, 'userId') == ARGV[2] then
      redis.call('DEL', ARGV[1] .. token, ARGV[5] .. token)
      deleted = deleted + 1
    end
    redis.call('SREM', KEYS[1], token)
  end
end
return deleted
`)

/**
 * The session registry's per-user not-before time (RT-12), milliseconds, never moved back. KEYS: its key. ARGV: the
 * time. Used by the adapter and `RedisSessionStore` alike.
 */
export const SET_NOT_BEFORE = script(`
local stored = tonumber(redis.call('GET', KEYS[1]))
if not stored or stored < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
`)

/**
 * KEYS: authenticator, the user's authenticators set, user, the user's registration order. ARGV: JSON, credential id.
 * → "OK" or an error code. The order's score is the server's clock in microseconds (exact in a double).
 */
export const CREATE_AUTHENTICATOR = script(`
if redis.call('EXISTS', KEYS[3]) == 0 then return 'UserNotFound' end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 'AuthenticatorAlreadyExists' end
redis.call('SADD', KEYS[2], ARGV[2])
local time = redis.call('TIME')
redis.call('ZADD', KEYS[4], tonumber(time[1]) * 1000000 + tonumber(time[2]), ARGV[2])
return 'OK'
`)

/**
 * KEYS: the user's authenticators set, the user's registration order. ARGV: authenticator stem. → the JSON of each
 * authenticator still stored, newest registration first (as Auth.js's adapter suite expects); ones registered before
 * the order was kept come last, by credential id.
 */
export const LIST_AUTHENTICATORS = script(`
local found, listed = {}, {}
local function add(id)
  if listed[id] or redis.call('SISMEMBER', KEYS[1], id) == 0 then return end
  listed[id] = true
  local record = redis.call('GET', ARGV[1] .. id)
  if record then table.insert(found, record) end
end
for _, id in ipairs(redis.call('ZREVRANGE', KEYS[2], 0, -1)) do add(id) end
local rest = redis.call('SMEMBERS', KEYS[1])
table.sort(rest)
for _, id in ipairs(rest) do add(id) end
return found
`)

/** KEYS: a record. ARGV: expected JSON, next JSON. → "OK", "Retry", or "Missing" when the record is gone. */
export const COMPARE_AND_SET = script(`
local current = redis.call('GET', KEYS[1])
if not current then return 'Missing' end
if current ~= ARGV[1] then return 'Retry' end
redis.call('SET', KEYS[1], ARGV[2])
return 'OK'
`)
