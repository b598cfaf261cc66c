/**
 * The `Password` provider driven as a browser would: a real instance on a real store (SQLite, PostgreSQL, Redis), its
 * mails caught in an outbox, links read from them.
 */
import { memoryStore, type Adapter, type AuthConfig } from "@gatehousejs/core"
import Password, { type PasswordMail } from "@gatehousejs/core/providers/password"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { settled } from "../../src/passwords/mail-send.js"
import { Browser, SECRET } from "../helpers/auth.js"

export const LOCAL = "http://localhost:3000"
export const PASSWORD = "correct horse battery staple"

export interface Store {
  name: string
  up: boolean
  adapter: () => Promise<Adapter>
  close: () => Promise<void>
}

const postgresUp = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")

/** SQLite always; PostgreSQL and Redis when their services answer (GATEHOUSE_REQUIRE_SERVICES makes them required). */
export function stores(schema: string): Store[] {
  let pool: pg.Pool | undefined
  let redis: Redis | undefined
  const prefix = `gatehouse-test:${schema}-${crypto.randomUUID()}:`
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-${schema}-`))
  return [
    {
      name: "SQLite",
      up: true,
      adapter: async () => SqliteAdapter({ filename: join(dir, `${crypto.randomUUID()}.sqlite`) }),
      close: async () => {},
    },
    {
      name: "PostgreSQL",
      up: postgresUp,
      adapter: async () => {
        if (!pool) {
          pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
          await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
          await PostgresAdapter(pool, { schema }).migrate()
        }
        return PostgresAdapter(pool, { schema })
      },
      close: async () => void (await pool?.end()),
    },
    {
      name: "Redis",
      up: redisUp,
      adapter: async () => {
        redis ??= new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
        return RedisAdapter(redis, { prefix })
      },
      close: async () => {
        if (!redis) return
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
        await redis.quit()
      },
    },
  ]
}

export class Outbox {
  readonly mails: PasswordMail[] = []
  readonly send = (mail: PasswordMail): void => void this.mails.push(mail)

  /** The mails to `to` (of `purpose`), once every mail queued so far went out. */
  async to(to: string, purpose?: PasswordMail["purpose"]): Promise<PasswordMail[]> {
    await settled()
    return this.mails.filter((m) => m.to === to && (!purpose || m.purpose === purpose))
  }

  /** The `token` of the latest link of `purpose` to `to`. */
  async token(to: string, purpose: PasswordMail["purpose"]): Promise<string> {
    const mails = await this.to(to, purpose)
    const url = mails.at(-1)?.url
    if (!url) throw new Error(`No ${purpose} mail to ${to}.`)
    return new URL(url).searchParams.get("token")!
  }
}

export function passwordConfig(adapter: Adapter, outbox: Outbox, overrides: Partial<AuthConfig> & { password?: Parameters<typeof Password>[0] } = {}): AuthConfig {
  const { password, ...rest } = overrides
  return {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter,
    providers: [Password({ sendMail: outbox.send, ...password })],
    rateLimit: { store: memoryStore() },
    ...rest,
  }
}

/** A browser on the app's localhost origin (links in mails are built from it outside production). */
export class PasswordBrowser extends Browser {
  constructor(config: AuthConfig) {
    super(config, LOCAL)
  }

  async post(path: string, body: Record<string, string>, headers?: Record<string, string>): Promise<Response> {
    return this.request(path, { body: { csrfToken: await this.csrfToken(), ...body }, headers })
  }

  signUp(email: string, password = PASSWORD, extra: Record<string, string> = {}): Promise<Response> {
    return this.post("/signup/password", { email, password, ...extra })
  }

  signInWith(email: string, password = PASSWORD): Promise<Response> {
    return this.post("/callback/password", { email, password })
  }

  verify(token: string): Promise<Response> {
    return this.post("/verify-email", { token })
  }

  async signedInAs(): Promise<string | undefined> {
    const session = (await this.session()) as { user?: { email?: string } } | null
    return session?.user?.email
  }
}

/** Signs up `email`, verifies it through the outbox, and returns the browser, signed in. */
export async function verifiedUser(config: AuthConfig, outbox: Outbox, email: string, password = PASSWORD): Promise<PasswordBrowser> {
  const browser = new PasswordBrowser(config)
  await browser.signUp(email, password)
  const response = await browser.verify(await outbox.token(email, "verify-email"))
  if (response.status !== 302) throw new Error(`Verification answered ${response.status}: ${await response.text()}`)
  return browser
}

export function location(response: Response): URL {
  return new URL(response.headers.get("location") ?? "about:blank")
}
