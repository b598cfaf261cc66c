/**
 * Direct reads of the Auth.js models from the tables a third-party adapter's documented schema creates, bypassing
 * the adapter, so the conformance suite checks what was really stored. Only the model's columns are read: the
 * schemas' own bookkeeping columns (Prisma's `createdAt`/`updatedAt`, Kysely's row `id`s) are not part of the model.
 */
import type { AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import { AUTHJS_FIELDS, type StoreReader } from "../../src/index.js"

type Row = Record<string, unknown>

/** The tables' names in the adapter's schema, e.g. `user` for Drizzle and `User` for Prisma. */
export interface TableNames {
  user: string
  account: string
  session: string
  verificationToken: string
  /** Only for adapters with the WebAuthn methods. */
  authenticator?: string
}

export interface SqlSource {
  dialect: "postgres" | "mysql"
  /** The first row of `sql` (placeholders `$1…` on PostgreSQL, `?` on MySQL), or null. */
  row(sql: string, params: unknown[]): Promise<Row | null>
}

/** Auth.js's columns of each model: a row is read as exactly these (no store's own extras). */
const COLUMNS = {
  user: [...AUTHJS_FIELDS.user],
  account: [...AUTHJS_FIELDS.account],
  session: [...AUTHJS_FIELDS.session],
  verificationToken: [...AUTHJS_FIELDS.verificationToken],
  authenticator: [...AUTHJS_FIELDS.authenticator],
}

/** The model as the adapter promises it: `expires_at` a number (a BIGINT arrives as a string), booleans as booleans. */
function asModel(row: Row | null): Row | null {
  if (!row) return null
  const model = { ...row }
  if (typeof model.expires_at === "string") model.expires_at = Number(model.expires_at)
  // MySQL's BOOLEAN is TINYINT(1): 0 or 1 on the wire.
  if (typeof model.credentialBackedUp === "number") model.credentialBackedUp = model.credentialBackedUp === 1
  return model
}

export function sqlReader(source: SqlSource, tables: TableNames): StoreReader {
  const quote = (name: string): string => (source.dialect === "postgres" ? `"${name}"` : `\`${name}\``)
  const placeholder = (index: number): string => (source.dialect === "postgres" ? `$${index}` : "?")
  /** `SELECT <the model's columns> FROM <table> WHERE a = $1 AND b = $2`. */
  const select = async (table: string, columns: readonly string[], where: Record<string, unknown>): Promise<Row | null> => {
    const conditions = Object.keys(where).map((column, index) => `${quote(column)} = ${placeholder(index + 1)}`)
    const sql = `SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)} WHERE ${conditions.join(" AND ")}`
    return asModel(await source.row(sql, Object.values(where)))
  }
  const { authenticator } = tables
  return {
    user: async (id) => (await select(tables.user, COLUMNS.user, { id })) as AdapterUser | null,
    account: async ({ provider, providerAccountId }) =>
      (await select(tables.account, COLUMNS.account, { provider, providerAccountId })) as never,
    session: async (sessionToken) =>
      (await select(tables.session, COLUMNS.session, { sessionToken })) as AdapterSession | null,
    verificationToken: async ({ identifier, token }) =>
      (await select(tables.verificationToken, COLUMNS.verificationToken, { identifier, token })) as VerificationToken | null,
    ...(authenticator && {
      authenticator: async (credentialID: string) =>
        (await select(authenticator, COLUMNS.authenticator, { credentialID })) as AdapterAuthenticator | null,
    }),
  }
}
