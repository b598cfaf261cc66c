/**
 * Security catalog RL-04 at the app level: two app processes on one rate-limit store — a SQLite file, PostgreSQL,
 * Redis — as behind a load balancer. 50 wrong passwords for one username, 25 at each process at once, are admitted
 * exactly as often as the budget allows (5 a minute by default): the processes share one count and no race between
 * them lets an extra guess through. Other usernames keep their own budget.
 *
 * The processes are real (child_process: rl-04-app.ts, started by ../helpers/app-process.ts), serving Gatehouse
 * over HTTP on loopback. They do not pass the connection's address to Gatehouse, so only the per-identifier budget
 * applies. PostgreSQL and Redis runs skip with the usual notice when the service does not answer (and fail with
 * GATEHOUSE_REQUIRE_SERVICES=1).
 */
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropRunStores, prepareRunStores, printedBy, startAppProcess, stopAppProcesses, type AppProcess, type Store } from "../helpers/app-process.js"
import { BASE, ORIGIN, users } from "../helpers/auth.js"

const run = await prepareRunStores("rl04")

/** The default per-identifier budget's shortest window (policy.ts): 5 attempts a minute. */
const PER_MINUTE = 5
const PER_PROCESS = 25
const DASHBOARD = `${ORIGIN}/dashboard`

let apps: AppProcess[] = []

/** Starts one app process on the prepared stores; resolves when it listens. */
function startApp(): Promise<AppProcess> {
  return startAppProcess({ app: new URL("./rl-04-app.ts", import.meta.url), run, stores: run.stores, env: {} })
}

beforeAll(async () => {
  // The table is made once, here, as a deploy step would; the SQLite store creates its own in the file.
  if (run.available.postgres) await PostgresAdapter(run.pool, { schema: run.schema }).migrate()
  apps = await Promise.all([startApp(), startApp()])
}, 30_000)

afterAll(async () => {
  await stopAppProcesses(apps)
  await dropRunStores(run)
})

/** A CSRF token and the cookie that goes with it, from one process. */
interface Csrf {
  token: string
  cookie: string
}

function url(store: Store, app: number, path: string): string {
  return `http://127.0.0.1:${apps[app]!.ports[store]}${BASE}${path}`
}

async function csrfOf(store: Store, app: number): Promise<Csrf> {
  const response = await fetch(url(store, app, "/csrf"))
  expect(response.status).toBe(200)
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split("; ")[0]!)
    .join("; ")
  return { token: ((await response.json()) as { csrfToken: string }).csrfToken, cookie }
}

/** One credentials sign-in as a script sends it (`X-Auth-Return-Redirect`): answers are JSON, never a page. */
function signIn(store: Store, app: number, csrf: Csrf, username: string, password: string): Promise<Response> {
  return fetch(url(store, app, "/callback/credentials"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie, "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.token, username, password, callbackUrl: DASHBOARD }),
    redirect: "manual",
  })
}

/** How the app answered one attempt: let through to `authorize` (a wrong password: 200 with the error page's URL), or refused. */
type Outcome = { kind: "admitted"; url: string } | { kind: "refused"; retryAfter: string | null; body: unknown } | { kind: "other"; status: number; body: string }

async function outcomeOf(response: Response): Promise<Outcome> {
  if (response.status === 200) return { kind: "admitted", url: ((await response.json()) as { url: string }).url }
  if (response.status === 429) return { kind: "refused", retryAfter: response.headers.get("retry-after"), body: await response.json() }
  return { kind: "other", status: response.status, body: await response.text() }
}

/** Admitted with a wrong password: back to the sign-in page with `error=CredentialsSignin`, so `authorize` ran. */
function expectWrongPassword(outcome: Outcome): void {
  expect(outcome.kind).toBe("admitted")
  const { searchParams, pathname } = new URL((outcome as { url: string }).url)
  expect(pathname).toBe(`${BASE}/signin`)
  expect(searchParams.get("error")).toBe("CredentialsSignin")
}

function rl04(store: Store): void {
  it("RL-04 50 concurrent wrong passwords for one username (25 at each process) admit exactly 5, the other 45 are 429 with a whole-number Retry-After; another username is still admitted", async () => {
    const csrf = await Promise.all([csrfOf(store, 0), csrfOf(store, 1)])
    // Every request is sent before any answer is read: both processes work on them at the same time.
    const responses = await Promise.all(
      [0, 1].flatMap((app) => Array.from({ length: PER_PROCESS }, () => signIn(store, app, csrf[app]!, "alice", "not alice's password"))),
    )
    const outcomes = await Promise.all(responses.map(outcomeOf))

    const serverErrors = outcomes.filter((o) => o.kind === "other")
    expect(serverErrors, `every answer is 200 or 429; the processes printed:\n${printedBy(apps)}`).toEqual([])
    const admitted = outcomes.filter((o) => o.kind === "admitted")
    const refused = outcomes.filter((o): o is Extract<Outcome, { kind: "refused" }> => o.kind === "refused")
    expect(admitted.length, "admitted across both processes: the budget, not one more").toBe(PER_MINUTE)
    expect(refused.length).toBe(2 * PER_PROCESS - PER_MINUTE)
    admitted.forEach(expectWrongPassword)
    for (const { retryAfter, body } of refused) {
      expect(retryAfter).toMatch(/^[1-9]\d*$/)
      expect(Number(retryAfter)).toBeLessThanOrEqual(60)
      expect(body).toEqual({ error: "TooManyRequests", retryAfter: Number(retryAfter) })
    }

    // The lockout is the same on both processes: even the right password is refused now, before `authorize`.
    for (const app of [0, 1]) expect((await signIn(store, app, csrf[app]!, "alice", users.alice!.password)).status).toBe(429)
    // Only alice's budget is spent: another username is let through on either process.
    for (const app of [0, 1]) expectWrongPassword(await outcomeOf(await signIn(store, app, csrf[app]!, "bob", "bob's guess")))
  })
}

describe("RL-04 two app processes on one SQLite file", () => rl04("sqlite"))
describe.skipIf(!run.available.postgres)("RL-04 two app processes on one PostgreSQL", () => rl04("postgres"))
describe.skipIf(!run.available.redis)("RL-04 two app processes on one Redis", () => rl04("redis"))
