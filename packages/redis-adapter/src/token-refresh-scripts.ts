/**
 * The Lua scripts of Gatehouse's provider token refresh on Redis (`token-refresh.ts`). The tokens are in the account's
 * record; the refresh state is a key of its own beside it (`keys.ts`): `{"leaseUntil": <milliseconds since the
 * epoch>, "failed": true}`, each field only when set, no key for "no lease, not failed". Each script reads both,
 * checks and writes them as one unit, so a claim or a compare-and-swap on the refresh token is atomic for every
 * process on the server. Leases are timed by the server's clock (`TIME`), the same for every process.
 *
 * The accounts marked failed are also members of their user's failed set (`keys.ts`), which the session check reads:
 * the scripts that set or clear the mark add or remove the account in the same unit, so the two never disagree.
 *
 * A record is edited field by field (`withChanges`), not decoded and re-encoded: cjson would round numbers past 14
 * digits and turn `[]` into `{}` in the other fields a provider returned, which the adapter stores as they came.
 */
import { script } from "./scripts.js"

/**
 * Lua helpers shared by the scripts here and by `migrate.ts`: editing a JSON record field by field, and the refresh
 * state's JSON. String.raw: the Lua patterns hold backslashes.
 */
export const ACCOUNT_JSON = String.raw`
-- The index of the quote that closes the JSON string opening at i.
local function stringEnd(json, i)
  local j = i + 1
  while true do
    local q = string.find(json, '["\\]', j)
    if not q then return #json end
    if string.byte(json, q) == 92 then j = q + 2 else return q end
  end
end

-- The top-level members of the JSON object json, each as its original text: '"name":value'.
local function members(json)
  local found, depth, start, i = {}, 0, 1, 1
  while true do
    i = string.find(json, '["{}%[%],]', i)
    if not i then return found end
    local c = string.byte(json, i)
    if c == 34 then
      i = stringEnd(json, i)
    elseif c == 123 or c == 91 then
      depth = depth + 1
      if depth == 1 then start = i + 1 end
    elseif c == 125 or c == 93 then
      if depth == 1 then table.insert(found, string.sub(json, start, i - 1)) end
      depth = depth - 1
    elseif depth == 1 then
      table.insert(found, string.sub(json, start, i - 1))
      start = i + 1
    end
    i = i + 1
  end
end

-- json with each field named in changes set to its JSON text, or removed where the change is false; every other
-- field keeps its text byte for byte.
local function withChanges(json, changes)
  local out = {}
  for _, member in ipairs(members(json)) do
    local at = string.find(member, '"', 1, true)
    if at and changes[cjson.decode(string.sub(member, at, stringEnd(member, at)))] == nil then table.insert(out, member) end
  end
  for name, text in pairs(changes) do
    if text then table.insert(out, cjson.encode(name) .. ':' .. text) end
  end
  return '{' .. table.concat(out, ',') .. '}'
end

-- The refresh state as a table (empty for none).
local function decodeState(json)
  if not json then return {} end
  local ok, state = pcall(cjson.decode, json)
  if ok and type(state) == 'table' then return state end
  return {}
end

-- The refresh state's JSON: the lease (milliseconds) and the mark, each only when set.
local function encodeState(leaseUntil, failed)
  local out = {}
  if leaseUntil then table.insert(out, string.format('"leaseUntil":%.0f', leaseUntil)) end
  if failed then table.insert(out, '"failed":true') end
  return '{' .. table.concat(out, ',') .. '}'
end

-- The stored account as a table, or nil when it is not a JSON object.
local function decodeAccount(json)
  if not string.find(json, '^%s*{') then return nil end
  local ok, account = pcall(cjson.decode, json)
  if ok and type(account) == 'table' then return account end
  return nil
end

-- The user's failed set (from its stem) gains (add true) or loses the account (its member).
local function markFailed(account, stem, member, add)
  if account.userId == nil then return end
  if add then redis.call('SADD', stem .. tostring(account.userId), member)
  else redis.call('SREM', stem .. tostring(account.userId), member) end
end

-- The token fields from ARGV[first] on (pairs of a name and its JSON text, '' to remove it).
local function tokenChanges(first)
  local changes = {}
  for i = first, #ARGV, 2 do
    if ARGV[i + 1] == '' then changes[ARGV[i]] = false else changes[ARGV[i]] = ARGV[i + 1] end
  end
  return changes
end
`

/**
 * The user's first account (by `<provider>:<providerAccountId>`) at a provider. KEYS: the user's accounts set.
 * ARGV: account stem, user id, provider, refresh-state stem. → `[account JSON, state JSON or nil]`, or nil.
 */
export const GET_ACCOUNT_FOR_REFRESH = script(`${ACCOUNT_JSON}
local members = redis.call('SMEMBERS', KEYS[1])
table.sort(members)
local prefix = ARGV[3] .. ':'
for _, member in ipairs(members) do
  if string.sub(member, 1, #prefix) == prefix then
    local json = redis.call('GET', ARGV[1] .. member)
    local account = json and decodeAccount(json)
    if account and account.provider == ARGV[3] and tostring(account.userId) == ARGV[2] then
      return {json, redis.call('GET', ARGV[4] .. member)}
    end
  end
end
return nil
`)

/**
 * KEYS: account, its refresh state. ARGV: refresh token, lease ms. → 1 when claimed (the refresh token is current, the
 * account is not marked failed and no lease lives), else 0; "CorruptValue" for a record that is not a JSON object.
 */
export const CLAIM_TOKEN_REFRESH = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
if not json then return 0 end
local account = decodeAccount(json)
if not account then return 'CorruptValue' end
local state = decodeState(redis.call('GET', KEYS[2]))
if account.refresh_token ~= ARGV[1] or state.failed == true then return 0 end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(state.leaseUntil)
if lease and lease > now then return 0 end
redis.call('SET', KEYS[2], encodeState(now + tonumber(ARGV[2]), false))
return 1
`)

/**
 * The compare-and-swap on the old refresh token. KEYS: account, its refresh state. ARGV: refresh token,
 * failed-accounts stem, the account's member, then pairs of a token field and its JSON text ('' to remove it). → 1
 * when written (the lease and the failure mark end with it), 0 when the refresh token is not current; "CorruptValue".
 */
export const FINISH_TOKEN_REFRESH_TOKENS = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
if not json then return 0 end
local account = decodeAccount(json)
if not account then return 'CorruptValue' end
if account.refresh_token ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], withChanges(json, tokenChanges(4)), 'KEEPTTL')
redis.call('DEL', KEYS[2])
markFailed(account, ARGV[2], ARGV[3], false)
return 1
`)

/**
 * KEYS: account, its refresh state. ARGV: refresh token, retryAt ms, permanent ("1"/"0"), failed-accounts stem, the
 * account's member. → 1 when the back-off (and the failure mark, which once set stays set) is written, 0 when the
 * refresh token is not current; "CorruptValue".
 */
export const FINISH_TOKEN_REFRESH_FAILED = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
if not json then return 0 end
local account = decodeAccount(json)
if not account then return 'CorruptValue' end
if account.refresh_token ~= ARGV[1] then return 0 end
local failed = ARGV[3] == '1' or decodeState(redis.call('GET', KEYS[2])).failed == true
redis.call('SET', KEYS[2], encodeState(tonumber(ARGV[2]), failed))
if ARGV[3] == '1' then markFailed(account, ARGV[4], ARGV[5], true) end
return 1
`)

/**
 * KEYS: account, its refresh state. ARGV: failed-accounts stem, the account's member, then pairs of a token field and
 * its JSON text ('' to remove it). → "OK" (the lease and the failure mark end), "Missing" when there is no such
 * account, or "CorruptValue".
 */
export const UPDATE_ACCOUNT_TOKENS = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
if not json then return 'Missing' end
local account = decodeAccount(json)
if not account then return 'CorruptValue' end
redis.call('SET', KEYS[1], withChanges(json, tokenChanges(3)), 'KEEPTTL')
redis.call('DEL', KEYS[2])
markFailed(account, ARGV[1], ARGV[2], false)
return 'OK'
`)
