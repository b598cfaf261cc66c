/**
 * `@auth/kysely-adapter` on PostgreSQL through Kysely's `PostgresDialect` (pg), with the database interface and the
 * migration of the adapter's documentation, run as written into a schema of this run's own.
 */
import { KyselyAdapter, KyselyAuth, type Codegen } from "@auth/kysely-adapter"
import type { Adapter } from "@gatehousejs/core"
import { PostgresDialect, sql, type GeneratedAlways, type Kysely } from "kysely"
import { postgresSchema } from "./postgres.js"
import { sqlReader } from "./readers.js"
import type { WildStore } from "./store.js"

/** The documented database interface. */
interface Database {
  User: {
    id: GeneratedAlways<string>
    name: string | null
    email: string
    emailVerified: Date | null
    image: string | null
  }
  Account: {
    id: GeneratedAlways<string>
    userId: string
    type: string
    provider: string
    providerAccountId: string
    refresh_token: string | null
    access_token: string | null
    expires_at: number | null
    token_type: string | null
    scope: string | null
    id_token: string | null
    session_state: string | null
  }
  Session: {
    id: GeneratedAlways<string>
    userId: string
    sessionToken: string
    expires: Date
  }
  VerificationToken: {
    identifier: string
    token: string
    expires: Date
  }
}

/** The documented migration (`db/migrations/001_create_db.ts`), unchanged. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Kysely migration is written against Kysely<any>
async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("User")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text")
    .addColumn("email", "text", (col) => col.unique().notNull())
    .addColumn("emailVerified", "timestamptz")
    .addColumn("image", "text")
    .execute()
  await db.schema
    .createTable("Account")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("providerAccountId", "text", (col) => col.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .execute()
  await db.schema
    .createTable("Session")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("sessionToken", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute()
  await db.schema
    .createTable("VerificationToken")
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute()
  await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute()
  await db.schema.createIndex("Session_userId_index").on("Session").column("userId").execute()
}

export function kyselyPostgresStore(): WildStore {
  const schema = postgresSchema("kysely")
  // The page's `new KyselyAuth<Database>` does not type-check with its own interface (GeneratedAlways ids are not the
  // adapter's `string`); its callout's form for generated types, `KyselyAuth<Database, Codegen>`, does.
  const db = new KyselyAuth<Database, Codegen>({ dialect: new PostgresDialect({ pool: schema.pool }) })
  // KyselyAdapter takes a Kysely typed with the adapter's own models; the package is typed against @auth/core's
  // Adapter, which is ours unchanged (packages/core/src/adapters.ts).
  const adapter = KyselyAdapter(db as unknown as Parameters<typeof KyselyAdapter>[0]) as unknown as Adapter
  return {
    name: "@auth/kysely-adapter on PostgreSQL",
    adapter: () => adapter,
    db: sqlReader({ dialect: "postgres", row: schema.row }, {
      user: "User",
      account: "Account",
      session: "Session",
      verificationToken: "VerificationToken",
    }),
    setup: async () => {
      await schema.create()
      await up(db)
    },
    // `db.destroy()` would end the shared pool before the schema is dropped; `drop` ends it afterwards.
    teardown: () => schema.drop(),
  }
}
