/**
 * `@auth/prisma-adapter` on PostgreSQL, with the models of the adapter's documentation (prisma/schema.prisma).
 *
 * The documented setup cannot run on this machine: `prisma generate` (and every other CLI command) first downloads
 * the schema engine and the query engine from Prisma's CDN. What runs instead, with nothing downloaded, is Prisma 6's
 * engine-free path: the client generated with `engineType = "client"` (its query compiler ships in @prisma/client)
 * over the `@prisma/adapter-pg` driver adapter, and the CLI on its WebAssembly schema engine (prisma.config.ts).
 * `prisma migrate diff` turns the schema into SQL; `prisma db push` / `migrate deploy` cannot be used on that path
 * yet (they fail on PostgreSQL's `name` type, prisma/orm#27403), so the SQL is applied through pg.
 */
import { execFile } from "node:child_process"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { PrismaAdapter } from "@auth/prisma-adapter"
import type { Adapter } from "@gatehousejs/core"
import { PrismaPg } from "@prisma/adapter-pg"
import { POSTGRES_URL } from "../../src/services.js"
import { postgresSchema } from "./postgres.js"
import { sqlReader } from "./readers.js"
import type { WildStore } from "./store.js"

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const PRISMA_CLI = join(dirname(require.resolve("prisma/package.json")), "build/index.js")
const CONFIG = fileURLToPath(new URL("./prisma/prisma.config.ts", import.meta.url))
const SCHEMA = fileURLToPath(new URL("./prisma/schema.prisma", import.meta.url))

/** What the tests need of a generated PrismaClient: a constructor taking the driver adapter, and `$disconnect`. */
type PrismaClientLike = Parameters<typeof PrismaAdapter>[0] & { $disconnect(): Promise<void> }
type PrismaClientConstructor = new (options: { adapter: PrismaPg; omit?: Record<string, Record<string, true>> }) => PrismaClientLike

/**
 * The documented models add `createdAt`/`updatedAt` to User, Account and Session. The adapter returns them along
 * with the model, and the conformance suite compares models exactly, so the suite's client leaves them out with
 * Prisma's `omit` option. The app's client (the Gatehouse flows) is configured as the documentation configures it.
 */
const BOOKKEEPING = { createdAt: true, updatedAt: true } as const
const OMIT_BOOKKEEPING = { user: BOOKKEEPING, account: BOOKKEEPING, session: BOOKKEEPING }

/** Runs the Prisma CLI with the test configuration; returns its standard output. */
async function prismaCli(args: string[]): Promise<string> {
  const env = { ...process.env, DATABASE_URL: POSTGRES_URL, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" }
  try {
    const { stdout } = await run(process.execPath, [PRISMA_CLI, ...args, "--config", CONFIG], { env, timeout: 60_000 })
    return stdout
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string }
    throw new Error(`prisma ${args[0]} failed: ${stderr || stdout || String(error)}`)
  }
}

/**
 * Whether the client in node_modules/.prisma/client was generated from `schema` as it is now, by the installed
 * @prisma/client.
 */
async function isGenerated(schema: string): Promise<boolean> {
  const clientPackage = require.resolve("@prisma/client/package.json")
  const generated = join(dirname(clientPackage), "../../.prisma/client")
  const { version } = JSON.parse(await readFile(clientPackage, "utf8")) as { version: string }
  try {
    const [copied, current, index] = await Promise.all([
      readFile(join(generated, "schema.prisma"), "utf8"),
      readFile(schema, "utf8"),
      readFile(join(generated, "index.js"), "utf8"),
    ])
    return copied === current && index.includes(`"clientVersion": "${version}"`)
  } catch {
    return false
  }
}

export interface PrismaStore extends WildStore {
  /** The adapter over a client configured as the documentation configures it (no `omit`). */
  appAdapter(): Adapter
}

export function prismaPostgresStore(): PrismaStore {
  const schema = postgresSchema("prisma")
  const clients: PrismaClientLike[] = []
  let adapter: Adapter | undefined
  let appAdapter: Adapter | undefined
  const ready = (value: Adapter | undefined): Adapter => {
    if (!value) throw new Error("The Prisma client is generated in setup(); the adapter is not ready before it.")
    return value
  }
  return {
    name: "@auth/prisma-adapter on PostgreSQL",
    adapter: () => ready(adapter),
    appAdapter: () => ready(appAdapter),
    db: sqlReader({ dialect: "postgres", row: schema.row }, {
      user: "User",
      account: "Account",
      session: "Session",
      verificationToken: "VerificationToken",
      authenticator: "Authenticator",
    }),
    async setup() {
      // The client is generated into node_modules/.prisma/client, where @prisma/client loads it from; not again while
      // it is current, so that a run does not rewrite it under another run that is loading it.
      if (!(await isGenerated(SCHEMA))) await prismaCli(["generate"])
      const ddl = await prismaCli(["migrate", "diff", "--from-empty", "--to-schema-datamodel", SCHEMA, "--script"])
      await schema.create(ddl)
      const { PrismaClient } = (await import("@prisma/client")) as unknown as { PrismaClient: PrismaClientConstructor }
      const client = (omit?: typeof OMIT_BOOKKEEPING): PrismaClientLike => {
        const driver = new PrismaPg({ connectionString: POSTGRES_URL, max: 5 }, { schema: schema.name })
        const created = new PrismaClient(omit ? { adapter: driver, omit } : { adapter: driver })
        clients.push(created)
        return created
      }
      // The package is typed against @auth/core's Adapter, which is ours unchanged (packages/core/src/adapters.ts).
      adapter = PrismaAdapter(client(OMIT_BOOKKEEPING)) as unknown as Adapter
      appAdapter = PrismaAdapter(client()) as unknown as Adapter
    },
    async teardown() {
      await Promise.all(clients.map((client) => client.$disconnect()))
      await schema.drop()
    },
  }
}
