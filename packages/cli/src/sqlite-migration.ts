/**
 * `migrate` on SQLite: `@gatehousejs/sqlite-adapter`'s own `migrate()` on the named file (created if missing, with
 * the adapter's settings: foreign keys, WAL), or for `--dry-run` its `schema.sql` text, touching no file.
 */
import { importFromProject } from "./project-modules.js"

export const SQLITE_ADAPTER = "@gatehousejs/sqlite-adapter"

/** What the CLI uses of `@gatehousejs/sqlite-adapter`. */
interface SqliteAdapterModule {
  SqliteAdapter(options: { filename: string }): { migrate(): void; close(): void }
  SCHEMA: string
  /** The statements `migrate()` adds on a file from an older Gatehouse (absent from adapters before them). */
  OLDER_COLUMNS_SQL?: string
}

/** Opens (creating) `file`, creates the missing tables and indexes, and closes it. */
export async function migrateSqlite(file: string, cwd: string): Promise<void> {
  const { module } = await importFromProject<SqliteAdapterModule>(SQLITE_ADAPTER, cwd)
  const adapter = module.SqliteAdapter({ filename: file })
  try {
    adapter.migrate()
  } finally {
    adapter.close()
  }
}

/**
 * The SQL `migrate()` runs, in its `BEGIN IMMEDIATE` transaction; runnable with `sqlite3 <file> < out.sql`. What it
 * runs only on a file from an older Gatehouse (moving Gatehouse's columns out of Auth.js's tables) is printed as
 * comments: SQLite has no conditional statements, and those would fail on a file without the columns.
 */
export async function sqliteDryRun(cwd: string): Promise<string> {
  const { module } = await importFromProject<SqliteAdapterModule>(SQLITE_ADAPTER, cwd)
  const older = module.OLDER_COLUMNS_SQL
    ? "-- On a file from an older Gatehouse, whose sessions and accounts tables still hold Gatehouse's columns, migrate()\n" +
      "-- then moves them into session_metadata and account_refresh_state and drops them:\n" +
      module.OLDER_COLUMNS_SQL.split("\n").map((line) => `-- ${line}\n`).join("")
    : ""
  return `BEGIN IMMEDIATE;\n${module.SCHEMA.replace(/\s+$/, "")}\n${older}COMMIT;\n`
}

/** One line for a failed migration (better-sqlite3's messages name the problem, not a secret). */
export function describeSqliteError(error: unknown, file: string): string {
  const { code, message = String(error) } = (error ?? {}) as { code?: string; message?: string }
  const first = (message.split("\n")[0] ?? "").replace(/\.$/, "")
  return `could not migrate the SQLite file ${file}: ${first}${code && !first.includes(code) ? ` (${code})` : ""}.`
}
