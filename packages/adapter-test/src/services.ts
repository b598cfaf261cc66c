/**
 * Tests that need PostgreSQL, Redis or MariaDB run only when the service answers; otherwise they are skipped with a
 * visible notice. With `GATEHOUSE_REQUIRE_SERVICES=1` (set by `.ci/run`) an unreachable service is a failure instead.
 */
import { Socket } from "node:net"

export const POSTGRES_URL = process.env.GATEHOUSE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test"
export const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
/** MariaDB (or MySQL) for the third-party adapters that speak it: root, no password, database `test`. */
export const MARIADB_URL = process.env.GATEHOUSE_TEST_MARIADB_URL ?? "mysql://root@127.0.0.1:3306/test"

export type Service = "PostgreSQL" | "Redis" | "MariaDB"

/** Where each service is expected, and its default port when the URL names none. */
const SERVICES: Record<Service, { url: string; port: number }> = {
  PostgreSQL: { url: POSTGRES_URL, port: 5432 },
  Redis: { url: REDIS_URL, port: 6379 },
  MariaDB: { url: MARIADB_URL, port: 3306 },
}

/** True when something accepts TCP connections at `url`'s host and port within `timeoutMs`. */
export function reachable(url: string, defaultPort: number, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (ok: boolean): void => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("error", () => done(false))
    socket.connect(Number(port) || defaultPort, hostname, () => done(true))
  })
}

/**
 * Whether the tests of `service` should run. Prints a notice when they are skipped; throws when they are required
 * (CI) but the service is down.
 */
export async function serviceAvailable(service: Service): Promise<boolean> {
  const { url, port } = SERVICES[service]
  if (await reachable(url, port)) return true
  // The user part is left out of the notice: a URL given through the environment may carry a password.
  const where = url.replace(/\/\/[^@]*@/, "//")
  if (process.env.GATEHOUSE_REQUIRE_SERVICES === "1") {
    throw new Error(`${service} is required (GATEHOUSE_REQUIRE_SERVICES=1) but does not answer at ${where}.`)
  }
  console.warn(`\n  NOTICE: ${service} does not answer at ${where}: its adapter tests are SKIPPED.\n`)
  return false
}
