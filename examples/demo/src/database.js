/**
 * The demo's database: one SQLite file through `@gatehousejs/sqlite-adapter`, holding users, linked accounts, sessions
 * and the (hashed) e-mail sign-in tokens. Nothing to install or run; delete the file to start over.
 */
import { mkdirSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"

/** `examples/demo/data/gatehouse.sqlite`, wherever the demo is started from. `DEMO_DB` overrides it. */
export const DEFAULT_DATABASE = fileURLToPath(new URL("../data/gatehouse.sqlite", import.meta.url))

/**
 * The adapter for `filename` (a path, relative to the working directory; or `":memory:"`, a database that lives as
 * long as the adapter). The file's directory is created if missing; the schema is created or checked at once, so a
 * file that cannot be opened or written stops the demo at start rather than at the first sign-in.
 *
 * @example
 * const adapter = openDatabase(process.env.DEMO_DB || DEFAULT_DATABASE)
 */
export function openDatabase(filename = DEFAULT_DATABASE) {
  const inMemory = filename === ":memory:"
  const path = inMemory ? filename : resolve(filename)
  if (!inMemory) mkdirSync(dirname(path), { recursive: true })
  const adapter = SqliteAdapter({ filename: path })
  try {
    adapter.migrate()
  } catch (error) {
    adapter.close()
    throw new Error(`Cannot open the demo database ${path}: ${error.message}`, { cause: error })
  }
  return { adapter, path }
}
