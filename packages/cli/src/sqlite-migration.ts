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

/** The SQL `migrate()` runs, in its `BEGIN IMMEDIATE` transaction; runnable with `sqlite3 <file> < out.sql`. */
export async function sqliteDryRun(cwd: string): Promise<string> {
  const { module } = await importFromProject<SqliteAdapterModule>(SQLITE_ADAPTER, cwd)
  return `BEGIN IMMEDIATE;\n${module.SCHEMA.replace(/\s+$/, "")}\nCOMMIT;\n`
}

/** One line for a failed migration (better-sqlite3's messages name the problem, not a secret). */
export function describeSqliteError(error: unknown, file: string): string {
  const { code, message = String(error) } = (error ?? {}) as { code?: string; message?: string }
  const first = (message.split("\n")[0] ?? "").replace(/\.$/, "")
  return `could not migrate the SQLite file ${file}: ${first}${code && !first.includes(code) ? ` (${code})` : ""}.`
}
