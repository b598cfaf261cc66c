/**
 * Tests that need PostgreSQL or Redis run only when the service answers; otherwise they are skipped with a visible
 * notice. With `GATEHOUSE_REQUIRE_SERVICES=1` (set by `.ci/run`) an unreachable service is a failure instead.
 */
import { Socket } from "node:net"

export const POSTGRES_URL = process.env.GATEHOUSE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test"
export const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379"

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
export async function serviceAvailable(service: "PostgreSQL" | "Redis"): Promise<boolean> {
  const ok = service === "PostgreSQL" ? await reachable(POSTGRES_URL, 5432) : await reachable(REDIS_URL, 6379)
  if (ok) return true
  const where = service === "PostgreSQL" ? POSTGRES_URL.replace(/\/\/[^@]*@/, "//") : REDIS_URL
  if (process.env.GATEHOUSE_REQUIRE_SERVICES === "1") {
    throw new Error(`${service} is required (GATEHOUSE_REQUIRE_SERVICES=1) but does not answer at ${where}.`)
  }
  console.warn(`\n  NOTICE: ${service} does not answer at ${where}: its adapter tests are SKIPPED.\n`)
  return false
}
