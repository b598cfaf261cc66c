/**
 * The parent side of the multi-process tests (rt-10, rl-04, tr-01): the stores one run shares — a SQLite file, a
 * PostgreSQL schema, a Redis prefix, each named for the run — and real app processes forked on them, as behind a
 * load balancer. Each app process is a TypeScript file run by ../security/rt-10-boot.mjs that calls `serveStores`
 * (app-child.ts); it is ready when it has sent its ports.
 *
 * @example
 * ```ts
 * const run = await prepareRunStores("rt10")
 * const apps = await Promise.all([0, 1].map(() => startAppProcess({ app: new URL("./rt-10-app.ts", import.meta.url), run, stores: run.stores, env: {} })))
 * // … requests to `http://127.0.0.1:${apps[0].ports.sqlite}` …
 * await stopAppProcesses(apps)
 * await dropRunStores(run)
 * ```
 */
import { fork, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { Redis } from "ioredis"
import pg from "pg"
import { STORES_ENV, type Store, type StoresOfRun } from "./app-child.js"
import { BASE, ORIGIN } from "./auth.js"

export type { Store }

/** The stores of one run, shared by the test and its app processes; every name is new for the run. */
export interface RunStores {
  /** This run's id (32 hex digits): in the schema and prefix names, and free for a test to name its own data. */
  id: string
  /** SQLite always; PostgreSQL and Redis when the service answers (else skipped with a notice, or failing in CI). */
  available: Record<Store, boolean>
  /** The available stores, SQLite first. */
  stores: Store[]
  /** A SQLite file in a directory of its own. */
  sqliteFile: string
  /** A PostgreSQL schema on `POSTGRES_URL`, not yet created: a test migrates what it needs. */
  schema: string
  /** A Redis key prefix on `REDIS_URL`. */
  prefix: string
  /** The test's own PostgreSQL pool (2 connections). */
  pool: pg.Pool
  /** The test's own Redis client; it connects on its first command. */
  redis: Redis
  /** The run's temporary directory, holding the SQLite file. */
  dir: string
}

/**
 * Checks which services answer and names this run's stores after `name` (`rt10`: the file `rt10.sqlite`, the schema
 * `gatehouse_rt10_<id>`, the prefix `gatehouse-test:rt10-<id>:`), so runs never meet each other's data.
 */
export async function prepareRunStores(name: string): Promise<RunStores> {
  const postgres = await serviceAvailable("PostgreSQL")
  const redis = await serviceAvailable("Redis")
  const available: Record<Store, boolean> = { sqlite: true, postgres, redis }
  const id = crypto.randomUUID().replaceAll("-", "")
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-${name}-`))
  return {
    id,
    available,
    stores: (["sqlite", "postgres", "redis"] as const).filter((store) => available[store]),
    sqliteFile: join(dir, `${name}.sqlite`),
    schema: `gatehouse_${name}_${id.slice(0, 12)}`,
    prefix: `gatehouse-test:${name}-${id}:`,
    pool: new pg.Pool({ connectionString: POSTGRES_URL, max: 2 }),
    redis: new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }),
    dir,
  }
}

/** Drops what the run left behind (the schema, the prefix's keys, the file) and closes the test's connections. */
export async function dropRunStores(run: RunStores): Promise<void> {
  if (run.available.postgres) await run.pool.query(`DROP SCHEMA IF EXISTS ${run.schema} CASCADE`)
  await run.pool.end()
  if (run.available.redis) {
    const keys = await run.redis.keys(`${run.prefix}*`)
    if (keys.length) await run.redis.del(...keys)
    await run.redis.quit()
  } else run.redis.disconnect()
  rmSync(run.dir, { recursive: true, force: true })
}

/** One running app process: its loopback port for each store it serves. */
export interface AppProcess {
  child: ChildProcess
  ports: Record<Store, number>
  /** Everything the process printed so far. */
  output: () => string
}

/**
 * Forks the app process `app` serving `stores` of `run`, with `AUTH_URL` set to the test app's public URL (so every
 * process builds the same URLs and cookie names) and `env` added. Resolves when it has sent its ports; rejects with
 * everything it printed when it exits before that.
 */
export function startAppProcess(options: { app: URL; run: RunStores; stores: Store[]; env: Record<string, string> }): Promise<AppProcess> {
  const { app, run, stores, env } = options
  const storesOfRun: StoresOfRun = {
    stores,
    sqliteFile: run.sqliteFile,
    postgresUrl: POSTGRES_URL,
    postgresSchema: run.schema,
    redisUrl: REDIS_URL,
    redisPrefix: run.prefix,
  }
  const child = fork(fileURLToPath(new URL("../security/rt-10-boot.mjs", import.meta.url)), [fileURLToPath(app)], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, AUTH_URL: `${ORIGIN}${BASE}`, [STORES_ENV]: JSON.stringify(storesOfRun), ...env },
  })
  let output = ""
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk))
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk))
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ child, ports: (message as { ports: Record<Store, number> }).ports, output: () => output }))
    child.once("exit", (code) => reject(new Error(`the app process ${basename(app.pathname)} exited before listening (code ${code}):\n${output}`)))
  })
}

/** Everything `apps` printed, each under its own heading: for failure messages. */
export function printedBy(apps: AppProcess[]): string {
  return apps.map((app, i) => `--- app process ${i + 1} ---\n${app.output()}`).join("\n")
}

/** Disconnects from every app process (each then closes its servers and stores) and waits until all have exited. */
export async function stopAppProcesses(apps: AppProcess[]): Promise<void> {
  for (const app of apps) app.child.disconnect()
  await Promise.all(apps.map((app) => new Promise((resolve) => (app.child.exitCode === null ? app.child.once("exit", resolve) : resolve(null)))))
}

/** Applies a response's `Set-Cookie` lines to `jar` as a browser does: an empty value or `Max-Age=0` deletes. */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split("; ")
    const name = pair!.slice(0, pair!.indexOf("="))
    const value = pair!.slice(name.length + 1)
    if (!value || attributes.includes("Max-Age=0")) jar.delete(name)
    else jar.set(name, value)
  }
}
