/**
 * Opening the database file and the connection settings the adapter relies on.
 */
import { resolve } from "node:path"
import Database from "better-sqlite3"

/** The file used when no `filename` is given: next to the app, i.e. in the working directory it was started from. */
export const DEFAULT_FILENAME = "gatehouse.sqlite"

/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000

/**
 * The absolute path of the database file (`:memory:` and `""` — SQLite's temporary database — are kept as they are).
 * Resolved when the adapter is created, so a later `process.chdir` does not move the database.
 */
export function resolveFilename(filename: string = DEFAULT_FILENAME): string {
  if (filename === ":memory:" || filename === "") return filename
  // The marker keeps Next.js's bundler from tracing the whole project into the server output because of this call.
  return resolve(/* turbopackIgnore: true */ process.cwd(), filename)
}

/** Opens (creating if needed) the database file. */
export function openDatabase(filename: string): Database.Database {
  return new Database(filename, { timeout: BUSY_TIMEOUT_MS })
}

/**
 * Applies the settings the adapter depends on, also to a database the application passed in:
 * - `foreign_keys = ON`: deleting a user cascades to its accounts, sessions and authenticators, and no row can name
 *   a user that does not exist. SQLite has it off by default, per connection.
 * - `journal_mode = WAL`: readers (every `/session`) do not block the writer nor each other, across processes too.
 *   A `:memory:` database stays in `memory` mode.
 * - `busy_timeout`: a write waits for another process's lock instead of failing at once.
 * `synchronous` stays at SQLite's default (FULL): a sign-out must not come back after a power cut.
 */
export function configureDatabase(db: Database.Database): void {
  db.pragma("foreign_keys = ON")
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  if (!db.memory) db.pragma("journal_mode = WAL")
}
