/**
 * `migrate()` on Redis: an older Gatehouse kept the session registry's metadata (`createdAt`, `lastActiveAt`,
 * `userAgent`, `ip`) inside each session's record and the token refresh's state (`refresh_lease_until`,
 * `refresh_failed`) inside each account's record. Auth.js's adapter suite reads those records back and compares them
 * with what it wrote, so the fields move to keys of their own (`keys.ts`) and leave the records.
 *
 * The records are found with `SCAN … TYPE string` under the session and account stems (the by-user sets are sets, so
 * they are not returned). Each record is moved by one script, atomic on the server: it copies what the record holds
 * into the new key (unless that key exists already: a newer write wins) and rewrites the record without the fields,
 * keeping its TTL and every other field byte for byte. A record without the fields is left alone, so running it again,
 * or from several processes at once, changes nothing more.
 */
import type { Redis } from "ioredis"
import type { Keys } from "./keys.js"
import { runScript, script } from "./scripts.js"
import { ACCOUNT_JSON } from "./token-refresh-scripts.js"

/** How many keys one SCAN step asks for. */
const SCAN_COUNT = 500

/**
 * KEYS: session, its metadata. → 1 when the record held metadata fields and was rewritten without them, else 0. The
 * metadata key gets the session's remaining TTL.
 */
const MOVE_SESSION_METADATA = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
local record = json and decodeAccount(json)
if not record then return 0 end
local names = { 'createdAt', 'lastActiveAt', 'userAgent', 'ip' }
local known, held, removed = {}, false, {}
for _, name in ipairs(names) do
  local value = record[name]
  if value ~= nil then
    held = true
    removed[name] = false
    if type(value) == 'string' then table.insert(known, cjson.encode(name) .. ':' .. cjson.encode(value)) end
  end
end
if not held then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if #known > 0 and redis.call('EXISTS', KEYS[2]) == 0 then
  local metadata = '{' .. table.concat(known, ',') .. '}'
  if ttl > 0 then redis.call('SET', KEYS[2], metadata, 'PX', ttl) else redis.call('SET', KEYS[2], metadata) end
end
redis.call('SET', KEYS[1], withChanges(json, removed), 'KEEPTTL')
return 1
`)

/** KEYS: account, its refresh state. → 1 when the record held refresh fields and was rewritten without them, else 0. */
const MOVE_REFRESH_STATE = script(`${ACCOUNT_JSON}
local json = redis.call('GET', KEYS[1])
local account = json and decodeAccount(json)
if not account then return 0 end
if account.refresh_lease_until == nil and account.refresh_failed == nil then return 0 end
local lease = tonumber(account.refresh_lease_until)
local failed = account.refresh_failed == true
if (lease or failed) and redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SET', KEYS[2], encodeState(lease, failed)) end
redis.call('SET', KEYS[1], withChanges(json, { refresh_lease_until = false, refresh_failed = false }), 'KEEPTTL')
return 1
`)

/** Moves every older record under `keys`' prefix; resolves to how many sessions and accounts were rewritten. */
export async function migrate(client: Redis, keys: Keys): Promise<{ sessions: number; accounts: number }> {
  const { stems } = keys
  let [sessions, accounts] = [0, 0]
  for await (const key of recordKeys(client, stems.session)) {
    const token = key.slice(stems.session.length)
    sessions += Number(await runScript(client, MOVE_SESSION_METADATA, [key, keys.sessionMetadata(token)], []))
  }
  for await (const key of recordKeys(client, stems.account)) {
    const member = key.slice(stems.account.length)
    accounts += Number(await runScript(client, MOVE_REFRESH_STATE, [key, stems.refreshState + member], []))
  }
  return { sessions, accounts }
}

/** The string keys under `stem` (the records; the by-user indexes under the same stem are sets). */
async function* recordKeys(client: Redis, stem: string): AsyncGenerator<string> {
  let cursor = "0"
  do {
    const [next, found] = await client.scan(cursor, "MATCH", `${globEscape(stem)}*`, "COUNT", SCAN_COUNT, "TYPE", "string")
    yield* found
    cursor = next
  } while (cursor !== "0")
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&")
}
