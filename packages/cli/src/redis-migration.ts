/**
 * `migrate` on Redis: there is no schema, but an older Gatehouse kept its own fields inside Auth.js's records (the
 * session registry's metadata in sessions, the token refresh's lease and mark in accounts). `@gatehousejs/redis-adapter`'s
 * own `migrate()` moves them to keys of their own; this runs it on a client of the app's `ioredis`, or for `--dry-run`
 * says what it would do, connecting to nothing.
 */
import { importDependency, importFromProject } from "./project-modules.js"

export const REDIS_ADAPTER = "@gatehousejs/redis-adapter"
/** The adapter's default key prefix; an app that chose another runs `adapter.migrate()` itself. */
const PREFIX = "gatehouse:"

/** What the CLI uses of `@gatehousejs/redis-adapter`. */
interface RedisAdapterModule {
  RedisAdapter(client: unknown): { migrate(): Promise<{ sessions: number; accounts: number }> }
}

interface RedisClient {
  connect(): Promise<void>
  quit(): Promise<unknown>
  disconnect(): void
  on(event: "error", listener: (error: Error) => void): unknown
}

interface IoredisModule {
  Redis: new (url: string, options: { lazyConnect: boolean; maxRetriesPerRequest: number; connectTimeout: number }) => RedisClient
}

const CONNECT_TIMEOUT_MS = 10_000

/** Moves an older Gatehouse's fields out of the session and account records; resolves to how many were rewritten. */
export async function migrateRedis(url: string, cwd: string): Promise<{ sessions: number; accounts: number }> {
  const adapter = await importFromProject<RedisAdapterModule>(REDIS_ADAPTER, cwd)
  const { Redis } = await importDependency<IoredisModule>("ioredis", adapter.entry, REDIS_ADAPTER)
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: CONNECT_TIMEOUT_MS })
  // Unheard, a connection error would also be printed by ioredis itself; the command reports it once.
  client.on("error", () => {})
  try {
    await client.connect()
    return await adapter.module.RedisAdapter(client).migrate()
  } finally {
    await client.quit().catch(() => client.disconnect())
  }
}

/** What `migrate()` would do, in words: Redis has no statements to print. */
export function redisDryRun(): string {
  return [
    `-- Keys under the adapter's default prefix ${JSON.stringify(PREFIX)} (an app with another prefix runs adapter.migrate() itself).`,
    `-- SCAN ${PREFIX}session:* (TYPE string): a session record that still holds createdAt, lastActiveAt, userAgent or ip`,
    `--   is rewritten without them (its other fields and TTL kept), the known ones moved to ${PREFIX}session-metadata:<token>.`,
    `-- SCAN ${PREFIX}account:* (TYPE string): an account record that still holds refresh_lease_until or refresh_failed`,
    `--   is rewritten without them, the values moved to ${PREFIX}account-refresh:<provider>:<providerAccountId>.`,
    "-- Each record is moved by one atomic script; a record without those fields is left alone, so a second run changes nothing.",
    "",
  ].join("\n")
}
