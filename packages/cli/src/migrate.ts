/**
 * `gatehousejs migrate`: creates the tables of the adapter a database URL names, through that adapter's own
 * `migrate()`, or prints the SQL (`--dry-run`). The adapters are the app's, loaded from the project on demand, so
 * the CLI depends on none of them.
 */
import { parseArgs } from "node:util"
import { classifyDatabase, maskUrl } from "./database-url.js"
import { loadEnvFiles } from "./env-files.js"
import type { ExitCode, Io } from "./io.js"
import { describePostgresError, migratePostgres, PG_ADAPTER, postgresDryRun } from "./postgres-migration.js"
import { MissingPackageError, PackageLoadError } from "./project-modules.js"
import { migrateRedis, REDIS_ADAPTER, redisDryRun } from "./redis-migration.js"
import { describeSqliteError, migrateSqlite, SQLITE_ADAPTER, sqliteDryRun } from "./sqlite-migration.js"

export const MIGRATE_HELP = `Usage: npx gatehousejs migrate [options]

Creates the Gatehouse tables in the database, if they are missing, with the database adapter's own migrate(), and
moves what an older Gatehouse kept in columns of Auth.js's sessions and accounts tables into Gatehouse's own tables.
Every statement is idempotent: running it again changes nothing.

Options:
  --database <url>  the database (default: DATABASE_URL, from the environment, .env.local or .env):
                      postgres://… or postgresql://…   @gatehousejs/pg-adapter
                      file:<path>, or a path ending .sqlite, .sqlite3 or .db   @gatehousejs/sqlite-adapter
                      redis://…   @gatehousejs/redis-adapter (no schema; moves an older Gatehouse's fields)
  --schema <name>   the PostgreSQL schema for the tables (default: public)
  --dry-run         print the SQL instead of running it; connects to nothing and writes nothing
  -h, --help        show this help
`

interface MigrateOptions {
  database?: string
  schema?: string
  "dry-run"?: boolean
  help?: boolean
}

export async function migrateCommand(argv: readonly string[], io: Io): Promise<ExitCode> {
  let values: MigrateOptions
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        database: { type: "string" },
        schema: { type: "string" },
        "dry-run": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    io.err(`gatehousejs migrate: ${(error as Error).message}\n\n${MIGRATE_HELP}`)
    return 2
  }
  if (values.help) {
    io.out(MIGRATE_HELP)
    return 0
  }
  const fail = (message: string, code: ExitCode = 1): ExitCode => {
    io.err(`gatehousejs migrate: ${message}\n`)
    return code
  }

  const cwd = process.cwd()
  try {
    loadEnvFiles(cwd)
  } catch (error) {
    return fail(`${(error as Error).message}.`)
  }
  const url = values.database ?? process.env.DATABASE_URL
  if (!url) return fail("no database: pass --database <url>, or set DATABASE_URL (in the environment, .env.local or .env).")

  const database = classifyDatabase(url, cwd)
  if (database.kind !== "postgres" && values.schema !== undefined) return fail("--schema only applies to PostgreSQL.", 2)
  const dryRun = values["dry-run"] === true
  const shown = maskUrl(url)

  if (database.kind === "unknown") {
    return fail(`${shown} is not a database this command knows: use postgres://…, file:<path> (SQLite) or redis://….`)
  }
  if (database.kind === "redis") return migrateRedisCommand(url, shown, dryRun, cwd, io, fail)

  const schema = values.schema ?? "public"
  try {
    if (database.kind === "postgres" && dryRun) {
      io.out(
        `-- gatehousejs migrate --dry-run: what ${PG_ADAPTER}'s migrate() runs on ${shown}, schema ${JSON.stringify(schema)}.\n` +
          "-- Nothing was connected to. CREATE SCHEMA runs only when the schema is missing (shown as on a new database).\n" +
          (await postgresDryRun(schema, cwd)),
      )
    } else if (database.kind === "postgres") {
      await migratePostgres(url, schema, cwd)
      io.out(`The Gatehouse tables are in place in ${shown}, schema ${JSON.stringify(schema)}.\n`)
    } else if (dryRun) {
      io.out(
        `-- gatehousejs migrate --dry-run: what ${SQLITE_ADAPTER}'s migrate() runs on ${database.file}.\n` +
          "-- Nothing was opened or written. The adapter also turns on foreign keys and WAL mode for the file.\n" +
          (await sqliteDryRun(cwd)),
      )
    } else {
      await migrateSqlite(database.file, cwd)
      io.out(`The Gatehouse tables are in place in ${database.file} (SQLite).\n`)
    }
    return 0
  } catch (error) {
    // Not installed or not loadable: the package's own line. An adapter's refusal of the input (an invalid schema
    // name) comes before any connection, and is its message. Anything else failed in the database.
    if (error instanceof MissingPackageError || error instanceof PackageLoadError) return fail(error.message)
    if (dryRun) return fail(firstLine(error))
    return fail(database.kind === "postgres" ? describePostgresError(error, url) : describeSqliteError(error, database.file))
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split("\n")[0] ?? message
}

/** Redis has no schema; `migrate()` moves what an older Gatehouse kept inside Auth.js's records to keys of their own. */
async function migrateRedisCommand(
  url: string,
  shown: string,
  dryRun: boolean,
  cwd: string,
  io: Io,
  fail: (message: string) => ExitCode,
): Promise<ExitCode> {
  if (dryRun) {
    io.out(`-- gatehousejs migrate --dry-run: what ${REDIS_ADAPTER}'s migrate() does on ${shown}. Nothing was connected to.\n${redisDryRun()}`)
    return 0
  }
  try {
    const { sessions, accounts } = await migrateRedis(url, cwd)
    io.out(`${shown} is Redis, which needs no schema; records moved to Gatehouse's own keys: ${sessions} sessions, ${accounts} accounts.\n`)
    return 0
  } catch (error) {
    if (error instanceof MissingPackageError || error instanceof PackageLoadError) return fail(error.message)
    return fail(`could not migrate Redis at ${shown}: ${firstLine(error)}.`)
  }
}
