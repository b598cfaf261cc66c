/**
 * `migrate` on PostgreSQL: `@gatehousejs/pg-adapter`'s own `migrate()` (its advisory lock, its transaction, its
 * `schema.sql`), run for real on a one-connection pool, or on a recording pool for `--dry-run`. The dry run
 * therefore prints the very statements `migrate()` sends, in order, and needs no copy of them here.
 */
import { importDependency, importFromProject } from "./project-modules.js"

export const PG_ADAPTER = "@gatehousejs/pg-adapter"

/** What the CLI uses of `@gatehousejs/pg-adapter`. */
interface PgAdapterModule {
  PostgresAdapter(pool: unknown, options: { schema?: string }): { migrate(): Promise<void> }
}

interface PgPool {
  connect(): Promise<{ release(): void }>
  on(event: "error", listener: (error: Error) => void): unknown
  end(): Promise<void>
}

/** `pg` is CommonJS: its exports arrive as the default export. */
interface PgModule {
  default: { Pool: new (options: { connectionString: string; max: number; connectionTimeoutMillis: number }) => PgPool }
}

export const CONNECT_TIMEOUT_MS = 10_000

/** Creates the missing schema, tables and indexes through the adapter's `migrate()`. */
export async function migratePostgres(url: string, schema: string, cwd: string): Promise<void> {
  const adapter = await importFromProject<PgAdapterModule>(PG_ADAPTER, cwd)
  const pg = await importDependency<PgModule>("pg", adapter.entry, PG_ADAPTER)
  const pool = new pg.default.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle connection the server drops emits `error` on the pool; unheard, it would end the process with a stack.
  pool.on("error", () => {})
  try {
    await connectOnce(pool)
    await adapter.module.PostgresAdapter(pool, { schema }).migrate()
  } finally {
    await pool.end().catch(() => {})
  }
}

/**
 * A first connection, so that one that never answered is told apart from one refused: `pg` says "timeout" only in its
 * message, so the elapsed time decides, and the error gets the `ETIMEDOUT` code the description switches on.
 */
async function connectOnce(pool: PgPool): Promise<void> {
  const started = Date.now()
  try {
    ;(await pool.connect()).release()
  } catch (error) {
    if (Date.now() - started < CONNECT_TIMEOUT_MS || (error as { code?: unknown }).code !== undefined) throw error
    throw Object.assign(new Error(`No answer within ${CONNECT_TIMEOUT_MS} ms.`, { cause: error }), { code: "ETIMEDOUT" })
  }
}

/**
 * The SQL `migrate()` would send, one statement per line group, runnable with `psql -v ON_ERROR_STOP=1 -f`. The
 * recording pool answers as a new database would: only the `public` schema exists, so `CREATE SCHEMA` appears for any
 * other schema, as `migrate()` runs it only when the schema is missing.
 */
export async function postgresDryRun(schema: string, cwd: string): Promise<string> {
  const adapter = await importFromProject<PgAdapterModule>(PG_ADAPTER, cwd)
  const statements: string[] = []
  const client = {
    on: () => client,
    off: () => client,
    release: () => {},
    query: async (text: string, values: unknown[] = []) => {
      statements.push(withValues(text, values))
      const exists = /\bpg_namespace\b/.test(text) && schema === "public"
      return { rows: exists ? [{ "?column?": 1 }] : [], rowCount: exists ? 1 : 0 }
    },
  }
  const pool = { connect: async () => client, query: client.query }
  await adapter.module.PostgresAdapter(pool, { schema }).migrate()
  return statements.map((statement) => (/;\s*$/.test(statement) ? statement.replace(/\s+$/, "") : `${statement};`)).join("\n") + "\n"
}

/** `$1`, `$2`… replaced by SQL literals, so the printed statement runs as it is. */
function withValues(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (placeholder, index: string) => {
    const value = values[Number(index) - 1]
    if (value === undefined) return placeholder
    if (typeof value === "number" || typeof value === "bigint") return String(value)
    return `'${String(value).replace(/'/g, "''")}'`
  })
}

/**
 * One line for a failed migration: what went wrong and where, in words, never with the password. `pg` rejects with
 * an `AggregateError` (empty message) when every address of `localhost` refused, so the first cause is used.
 */
export function describePostgresError(error: unknown, url: string): string {
  const cause = error instanceof AggregateError && error.errors.length ? error.errors[0] : error
  const { code, message = String(cause) } = (cause ?? {}) as { code?: string; message?: string }
  const where = hostOf(url)
  let text: string
  if (code === "ECONNREFUSED") text = `could not connect to PostgreSQL at ${where}: connection refused. Is the server running, on that port?`
  else if (code === "ENOTFOUND" || code === "EAI_AGAIN") text = `could not connect to PostgreSQL: the host of ${where} is not known.`
  else if (code === "ETIMEDOUT") text = `no answer from PostgreSQL at ${where} within ${CONNECT_TIMEOUT_MS / 1000} s.`
  else if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) text = `PostgreSQL at ${where} refused: ${firstLine(message)} (SQLSTATE ${code}).`
  else text = `could not migrate PostgreSQL at ${where}: ${firstLine(message) || code || "unknown error"}.`
  return hidePassword(text, url)
}

function hostOf(url: string): string {
  try {
    const { hostname, port } = new URL(url)
    return `${hostname || "localhost"}:${port || "5432"}`
  } catch {
    return "the given URL"
  }
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").replace(/\.$/, "")
}

/** A driver message may quote the connection string; the password never reaches the terminal, in any spelling. */
function hidePassword(text: string, url: string): string {
  const spellings = new Set<string>()
  const raw = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:(.*)@/i.exec(url)?.[1]
  for (const value of [raw, parsedPassword(url)]) {
    if (!value) continue
    spellings.add(value)
    try {
      spellings.add(decodeURIComponent(value))
    } catch {
      // not percent-encoded: the value itself is enough
    }
  }
  let hidden = text
  for (const spelling of spellings) if (spelling) hidden = hidden.split(spelling).join("****")
  return hidden
}

function parsedPassword(url: string): string | undefined {
  try {
    return new URL(url).password || undefined
  } catch {
    return undefined
  }
}
