/**
 * Alice and Bob in the example's database, as the demo has them (`examples/demo/src/accounts.js`): verified users
 * whose argon2id password hashes are stored through the adapter (`setUserPassword`), so that they sign in with the
 * `Password` provider at once. Run by scripts/with-demo-idp.mjs before Next.js starts (never by `next build`, which
 * must create no database); idempotent.
 *
 * @example
 * await seedDemoAccounts() // EXAMPLE_DB, or data/gatehouse.sqlite under the working directory, as auth.ts opens it
 */
import { mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { ensureDemoAccounts } from "../../demo/src/accounts.js"

export async function seedDemoAccounts() {
  // The file auth.ts opens.
  const databaseFile = process.env.EXAMPLE_DB || join(process.cwd(), "data", "gatehouse.sqlite")
  mkdirSync(dirname(databaseFile), { recursive: true })
  const adapter = SqliteAdapter({ filename: databaseFile })
  try {
    await ensureDemoAccounts(adapter)
  } finally {
    adapter.close()
  }
}
