/**
 * Stopping and starting the stores for phase (b), with the commands this machine's CI uses. Redis is stopped with
 * `SHUTDOWN NOSAVE` (clients see their connections drop, as in a crash; nothing is written) rather than by signalling
 * a process the soak did not start. Every stop is paired with a start in the caller's `finally`.
 */
import { execFile } from "node:child_process"
import { readdirSync } from "node:fs"
import { createConnection } from "node:net"
import { promisify } from "node:util"

const exec = promisify(execFile)

const PG_VERSION = () => readdirSync("/etc/postgresql")[0]
const REDIS_START = ["--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379", "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log"]

/** Whether something accepts a TCP connection on host:port within `ms`. */
export function tcpProbe(port, host = "127.0.0.1", ms = 500) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port })
    const done = (up) => {
      socket.destroy()
      resolve(up)
    }
    socket.setTimeout(ms, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

async function waitFor(check, what, ms = 30_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} within ${ms} ms`)
}

async function pgCtl(verb) {
  await exec("pg_ctlcluster", ["--skip-systemctl-redirect", PG_VERSION(), "main", verb])
}

async function pgReady() {
  try {
    await exec("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"])
    return true
  } catch {
    return false
  }
}

export const postgres = {
  name: "PostgreSQL",
  isUp: pgReady,
  async stop() {
    await pgCtl("stop")
    await waitFor(async () => !(await tcpProbe(5432)), "PostgreSQL did not stop")
  },
  async start() {
    if (await pgReady()) return
    await pgCtl("start")
    await waitFor(pgReady, "PostgreSQL did not accept connections")
  },
}

async function redisPing() {
  try {
    const { stdout } = await exec("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "ping"], { timeout: 2_000 })
    return stdout.trim() === "PONG"
  } catch {
    return false
  }
}

export const redis = {
  name: "Redis",
  isUp: redisPing,
  async stop() {
    await exec("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"]).catch(() => {}) // the connection drops: expected
    await waitFor(async () => !(await tcpProbe(6379)), "Redis did not stop")
  },
  async start() {
    if (await redisPing()) return
    await exec("redis-server", REDIS_START)
    await waitFor(redisPing, "Redis did not answer PING")
  },
}
