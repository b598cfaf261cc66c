/**
 * A MariaDB database of one test file's own: a fresh name per run, created empty, with a connection pool into it,
 * and dropped at the end of the run.
 */
import { randomUUID } from "node:crypto"
import mysql from "mysql2/promise"
import { MARIADB_URL } from "../../src/services.js"

export interface MariaDbDatabase {
  /** The database's name, e.g. `gh_wild_drizzle_1a2b3c4d`. */
  readonly name: string
  /** Connections into the database; for the adapter under test and for direct reads. */
  readonly pool: mysql.Pool
  /** Creates the database, empty, and runs each statement of `ddl` in it. */
  create(ddl: string[]): Promise<void>
  /** The first row of `sql`, or null. */
  row(sql: string, params: unknown[]): Promise<Record<string, unknown> | null>
  /** Drops the database with everything in it and closes the pool. */
  drop(): Promise<void>
}

export function mariaDbDatabase(prefix: string): MariaDbDatabase {
  const name = `gh_wild_${prefix}_${randomUUID().slice(0, 8)}`
  const server = new URL(MARIADB_URL)
  const options = {
    host: server.hostname,
    port: Number(server.port) || 3306,
    user: decodeURIComponent(server.username) || "root",
    password: decodeURIComponent(server.password),
    // Drizzle reads TIMESTAMP columns as strings and writes UTC wall-clock time; direct reads parse them as UTC too.
    timezone: "Z",
  }
  const pool = mysql.createPool({ ...options, database: name, connectionLimit: 10 })
  /** A connection without a database, for CREATE and DROP DATABASE. */
  const admin = async <T>(run: (connection: mysql.Connection) => Promise<T>): Promise<T> => {
    const connection = await mysql.createConnection(options)
    try {
      return await run(connection)
    } finally {
      await connection.end()
    }
  }
  return {
    name,
    pool,
    async create(ddl) {
      await admin(async (connection) => {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
        await connection.query(`CREATE DATABASE \`${name}\``)
      })
      for (const statement of ddl) await pool.query(statement)
    },
    async row(sql, params) {
      const [rows] = await pool.query<mysql.RowDataPacket[]>(sql, params)
      return rows[0] ?? null
    },
    async drop() {
      try {
        await admin((connection) => connection.query(`DROP DATABASE IF EXISTS \`${name}\``))
      } finally {
        await pool.end()
      }
    },
  }
}
