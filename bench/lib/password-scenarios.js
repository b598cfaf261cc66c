/**
 * Password sign-in (issue 27): Gatehouse's `Password` provider against better-auth's `emailAndPassword`, in one
 * process, each at its library's default hashing parameters.
 *
 * - Gatehouse: `Auth(request, config)` of the built `@gatehousejs/core`, `Password({ sendMail })`, `SqliteAdapter`
 *   (`:memory:`, `migrate()`), JWT sessions with the adapter as the session registry, `rateLimit: false`. One verified
 *   user whose password record holds a hash made by core's own hasher (`passwordHasher()`: argon2id through
 *   `@node-rs/argon2`). Sign-in: `POST /auth/callback/password` (form, `csrfToken`; the CSRF token and its cookie are
 *   fetched once and reused). Session check: `GET /auth/session` with the session cookie a sign-in set.
 * - better-auth: `betterAuth({ database: better-sqlite3 ":memory:", emailAndPassword: { enabled: true },
 *   rateLimit: { enabled: false } })`, its schema made by `getMigrations(options).runMigrations()`, one user made by
 *   `POST /api/auth/sign-up/email`. Sign-in: `POST /api/auth/sign-in/email` (JSON) through `auth.handler`. Session
 *   check: `GET /api/auth/get-session` with its session cookie (its default: a database read, no cookie cache).
 *
 * Scenarios:
 * - `password-signin`: successful sign-ins with `BENCH_PASSWORD_CONCURRENCY` (8) callers at once, both libraries
 *   interleaved in rounds of `BENCH_PASSWORD_ROUND_MS` (2000). Target: Gatehouse ≥ 2× better-auth.
 * - `password-loop`: 32 sign-ins at once, kept at 32, while `monitorEventLoopDelay` records the event loop's delay and
 *   a steady loop of session checks (one at a time, the next 1 ms after the last answer) records each check's latency.
 *   Targets for Gatehouse: event-loop delay p99 < 5 ms, session check p99 < 2 ms.
 */
import { readFileSync, existsSync } from "node:fs"
import { monitorEventLoopDelay, performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { cookieHeader, setCookieValue } from "./cookies.js"
import { builtOrMissing, withCleanup } from "./db-scenarios.js"
import { BASE_PATH, ORIGIN, PASSWORD, SECRET, SESSION_COOKIE, USER, url } from "./fixtures.js"
import { GATEHOUSE, fail } from "./scenarios.js"
import { percentile, summarize } from "./stats.js"

export const BETTER_AUTH = "better-auth"

const root = new URL("../../", import.meta.url)
const BA_BASE = `${ORIGIN}/api/auth`
const BA_SESSION_COOKIE = "__Secure-better-auth.session_token"
/** Sign-ins kept in flight during `password-loop` (the number). */
const LOOP_CONCURRENCY = 32
/** `monitorEventLoopDelay` resolution, ms: it records the interval between its timer's callbacks. */
const LOOP_RESOLUTION_MS = 1
/** Pause between one session check's answer and the next check, ms. */
const CHECK_PAUSE_MS = 1

function collect(kind) {
  if (kind === "minor") globalThis.gc({ type: "minor" })
  else if (kind === "full") globalThis.gc()
}

/** Runs `fn` with console.error / console.warn silenced (the refused sign-in of the validation is logged). */
async function quietly(fn) {
  const { error, warn } = console
  console.error = () => {}
  console.warn = () => {}
  try {
    return await fn()
  } finally {
    console.error = error
    console.warn = warn
  }
}

/** The installed better-auth's scrypt parameters, read from the file its Node build hashes with. */
function betterAuthScryptParameters() {
  const file = fileURLToPath(new URL("node_modules/@better-auth/utils/dist/password.node.mjs", root))
  try {
    const source = readFileSync(file, "utf8")
    const value = (key) => Number(new RegExp(`\\b${key}:\\s*(\\d+)`).exec(source)?.[1])
    const params = { N: value("N"), r: value("r"), p: value("p"), dkLen: value("dkLen") }
    if (Object.values(params).some((v) => !Number.isFinite(v))) return undefined
    return params
  } catch {
    return undefined
  }
}

function version(path) {
  try {
    return JSON.parse(readFileSync(new URL(path, root), "utf8")).version
  } catch {
    return "unknown"
  }
}

/** Both libraries set up, one user each, and their sign-in / session-check requests (exported for profiling one side). */
export async function setUp(track) {
  const { Auth } = await import("@gatehousejs/core")
  const { default: Password } = await import("@gatehousejs/core/providers/password")
  const { SqliteAdapter } = await import("@gatehousejs/sqlite-adapter")
  const { passwordHasher, ARGON2ID } = await import(new URL("packages/core/dist/passwords/hash.js", root).href)
  const { default: Database } = await import("better-sqlite3")
  const { betterAuth } = await import("better-auth")
  const { getMigrations } = await import("better-auth/db/migration")

  // Gatehouse: a verified user whose password record holds core's own hash of PASSWORD.
  const adapter = SqliteAdapter({ filename: ":memory:" })
  track(() => adapter.close())
  adapter.migrate()
  const user = await adapter.createUser({ id: crypto.randomUUID(), name: USER.name, email: USER.email, emailVerified: new Date(), image: null })
  const hash = await passwordHasher().hash(PASSWORD)
  await adapter.setUserPassword(user.id, { hash, resetToken: null, updatedAt: new Date() })
  const ghConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    adapter,
    session: { strategy: "jwt" },
    rateLimit: false,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Password({ sendMail: () => {} })],
  }
  const gatehouse = (request) => Auth(request, ghConfig)
  const csrf = await gatehouse(new Request(url("/csrf")))
  const { csrfToken } = await csrf.json()
  if (typeof csrfToken !== "string" || !csrfToken) fail(GATEHOUSE, "GET /auth/csrf returned no csrfToken")
  const csrfCookie = cookieHeader(csrf)
  const ghCallback = url("/callback/password")
  const ghSignIn = (password = PASSWORD) =>
    gatehouse(
      new Request(ghCallback, {
        method: "POST",
        headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body: new URLSearchParams({ email: USER.email, password, csrfToken }).toString(),
      }),
    )

  // better-auth: its defaults, rate limiting off, its schema from its own migrations, one user through its sign-up.
  const db = new Database(":memory:")
  track(() => db.close())
  const baOptions = {
    database: db,
    secret: SECRET,
    baseURL: ORIGIN,
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
  }
  const auth = betterAuth(baOptions)
  await (await getMigrations(baOptions)).runMigrations()
  const json = (path, body) =>
    new Request(`${BA_BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    })
  const signUp = await auth.handler(json("/sign-up/email", { email: USER.email, password: PASSWORD, name: USER.name }))
  if (signUp.status !== 200) fail(BETTER_AUTH, `POST /api/auth/sign-up/email answered ${signUp.status}: ${(await signUp.text()).slice(0, 200)}`)
  const baSignIn = (password = PASSWORD) => auth.handler(json("/sign-in/email", { email: USER.email, password }))

  const signInOf = {
    [GATEHOUSE]: async () => {
      const response = await ghSignIn()
      if (response.status !== 302) fail(GATEHOUSE, `POST /auth/callback/password answered ${response.status}`)
      const token = setCookieValue(response, SESSION_COOKIE)
      if (!token) fail(GATEHOUSE, `no ${SESSION_COOKIE} (Location: ${response.headers.get("location")})`)
      return token
    },
    [BETTER_AUTH]: async () => {
      const response = await baSignIn()
      if (response.status !== 200) fail(BETTER_AUTH, `POST /api/auth/sign-in/email answered ${response.status}`)
      const token = setCookieValue(response, BA_SESSION_COOKIE)
      if (!token) fail(BETTER_AUTH, `no ${BA_SESSION_COOKIE}`)
      return token
    },
  }

  // Session checks, each with the cookie of one sign-in.
  const ghSessionCookie = `${SESSION_COOKIE}=${await signInOf[GATEHOUSE]()}`
  const baSessionCookie = `${BA_SESSION_COOKIE}=${await signInOf[BETTER_AUTH]()}`
  const ghSessionUrl = url("/session")
  const baSessionUrl = `${BA_BASE}/get-session`
  const checkOf = {
    [GATEHOUSE]: async () => {
      const response = await gatehouse(new Request(ghSessionUrl, { headers: { cookie: ghSessionCookie } }))
      if (response.status !== 200) fail(GATEHOUSE, `GET /auth/session answered ${response.status}`)
      return response
    },
    [BETTER_AUTH]: async () => {
      const response = await auth.handler(new Request(baSessionUrl, { headers: { cookie: baSessionCookie } }))
      if (response.status !== 200) fail(BETTER_AUTH, `GET /api/auth/get-session answered ${response.status}`)
      return response
    },
  }

  async function validate() {
    for (const name of [GATEHOUSE, BETTER_AUTH]) {
      await signInOf[name]()
      const body = await (await checkOf[name]()).json()
      if (body?.user?.email !== USER.email) fail(name, `the session check returned ${JSON.stringify(body)?.slice(0, 200)}`)
    }
    const refusedGh = await quietly(() => ghSignIn("wrong password, long enough"))
    if (setCookieValue(refusedGh, SESSION_COOKIE) || !/error=CredentialsSignin/.test(refusedGh.headers.get("location") ?? "")) {
      fail(GATEHOUSE, `a wrong password was not refused (${refusedGh.status} ${refusedGh.headers.get("location")})`)
    }
    const refusedBa = await quietly(() => baSignIn("wrong password, long enough"))
    if (refusedBa.status !== 401 || setCookieValue(refusedBa, BA_SESSION_COOKIE)) fail(BETTER_AUTH, `a wrong password answered ${refusedBa.status}`)
  }

  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)
  const scrypt = betterAuthScryptParameters()
  const parameters = {
    gatehouse: {
      version: version("packages/core/package.json"),
      scheme: "argon2id (@node-rs/argon2, libuv thread pool)",
      stored: m ? { m: Number(m[1]), t: Number(m[2]), p: Number(m[3]) } : hash.slice(0, 40),
      defaults: ARGON2ID,
      nodeRsArgon2: version("node_modules/@node-rs/argon2/package.json"),
    },
    betterAuth: {
      version: version("node_modules/better-auth/package.json"),
      scheme: "scrypt (node:crypto via @better-auth/utils/password, libuv thread pool)",
      scrypt: scrypt ?? "unknown (node_modules/@better-auth/utils/dist/password.node.mjs not readable)",
      memoryMiB: scrypt ? (128 * scrypt.N * scrypt.r) / 2 ** 20 : undefined,
    },
    threadPool: Number(process.env.UV_THREADPOOL_SIZE) || 4,
  }
  const describe = () => {
    const g = parameters.gatehouse
    const b = parameters.betterAuth
    const stored = typeof g.stored === "object" ? `m=${g.stored.m},t=${g.stored.t},p=${g.stored.p}` : g.stored
    const s = typeof b.scrypt === "object" ? `N=${b.scrypt.N},r=${b.scrypt.r},p=${b.scrypt.p},dkLen=${b.scrypt.dkLen} (${b.memoryMiB} MiB)` : b.scrypt
    return `hashes: Gatehouse ${g.version} ${g.scheme} ${stored} (@node-rs/argon2 ${g.nodeRsArgon2}); better-auth ${b.version} ${b.scheme} ${s}; UV_THREADPOOL_SIZE ${parameters.threadPool}`
  }
  return { signInOf, checkOf, validate, parameters, describe }
}

/**
 * `concurrency` callers each running `op` back to back until `ms` have passed; the ones in flight at the deadline
 * finish and count, and the time runs until the last one ends.
 */
async function runConcurrentFor(op, ms, concurrency, samples) {
  const start = performance.now()
  const deadline = start + ms
  let ops = 0
  const caller = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      await op()
      samples?.push(performance.now() - t0)
      ops++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, caller))
  return { ms: performance.now() - start, ops }
}

/** Sign-ins at `concurrency`, both libraries interleaved in rounds (A B, B A, …), after a warm-up each. */
async function measureSignIns(signInOf, settings, { concurrency, roundMs }) {
  const names = Object.keys(signInOf)
  const warmupMs = Math.max(settings.warmupMs, 2000)
  const warmupSeconds = {}
  for (const name of names) {
    const t0 = performance.now()
    await runConcurrentFor(signInOf[name], warmupMs, concurrency)
    warmupSeconds[name] = Math.round(performance.now() - t0) / 1000
    collect(settings.gcBetweenRounds)
  }
  const rounds = Math.max(2, Math.ceil((settings.seconds * 1000) / roundMs))
  const state = names.map((name) => ({ name, samples: [], ms: 0, perRound: [] }))
  for (let round = 0; round < rounds; round++) {
    for (const s of round % 2 === 0 ? state : [...state].reverse()) {
      const { ms, ops } = await runConcurrentFor(signInOf[s.name], roundMs, concurrency, s.samples)
      s.ms += ms
      s.perRound.push(Math.round((ops / ms) * 1000 * 10) / 10)
      collect(settings.gcBetweenRounds)
    }
  }
  return Object.fromEntries(
    state.map((s) => [s.name, { ...summarize(s.samples, s.ms), concurrency, rounds, warmupSeconds: warmupSeconds[s.name], perRound: s.perRound }]),
  )
}

/**
 * One phase of `password-loop` for one library: LOOP_CONCURRENCY sign-ins kept in flight for `ms`, the event-loop
 * histogram enabled, and session checks one at a time (a pause of CHECK_PAUSE_MS between one's answer and the next).
 * The histogram and the checks stop at the deadline; the sign-ins in flight then finish outside the measurement.
 */
async function loopPhase(signIn, check, ms, into) {
  const deadline = performance.now() + ms
  let signIns = 0
  const caller = async () => {
    while (performance.now() < deadline) {
      await signIn()
      signIns++
    }
  }
  into.histogram.enable()
  const t0 = performance.now()
  const callers = Promise.all(Array.from({ length: LOOP_CONCURRENCY }, caller))
  await new Promise((resolve, reject) => {
    const next = () => {
      if (performance.now() >= deadline) return resolve()
      const c0 = performance.now()
      check().then(() => {
        into.checks.push(performance.now() - c0)
        setTimeout(next, CHECK_PAUSE_MS)
      }, reject)
    }
    setTimeout(next, CHECK_PAUSE_MS)
  })
  into.histogram.disable()
  into.ms += performance.now() - t0
  into.signIns += signIns
  await callers
}

/** The event-loop histogram as a summary in the table's shape (µs): the delay is each interval less the resolution. */
function loopSummary(histogram, ms, signIns) {
  const delayUs = (ns) => Math.max(0, Math.round((ns / 1e3 - LOOP_RESOLUTION_MS * 1000) * 10) / 10)
  return {
    ops: signIns,
    seconds: Math.round(ms) / 1000,
    opsPerSec: Math.round((signIns / ms) * 1000 * 10) / 10,
    p50Us: delayUs(histogram.percentile(50)),
    p99Us: delayUs(histogram.percentile(99)),
    maxUs: delayUs(histogram.max),
    samples: histogram.count,
    rawIntervalP99Us: Math.round(histogram.percentile(99) / 100) / 10,
    resolutionMs: LOOP_RESOLUTION_MS,
  }
}

/** `password-loop`: phases A B B A … of `settings.seconds / 2` each per library, after a 1 s warm-up phase each. */
async function measureLoop(signInOf, checkOf, settings) {
  const names = Object.keys(signInOf)
  const fresh = () => ({ histogram: monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS }), checks: [], ms: 0, signIns: 0 })
  const warmupSeconds = {}
  for (const name of names) {
    const t0 = performance.now()
    await loopPhase(signInOf[name], checkOf[name], Math.max(settings.warmupMs, 1000), fresh())
    warmupSeconds[name] = Math.round(performance.now() - t0) / 1000
    collect(settings.gcBetweenRounds)
  }
  const state = Object.fromEntries(names.map((name) => [name, fresh()]))
  const phases = 4
  const phaseMs = Math.max(1000, (settings.seconds * 1000) / 2)
  for (let phase = 0; phase < phases; phase++) {
    const order = phase % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      await loopPhase(signInOf[name], checkOf[name], phaseMs, state[name])
      collect(settings.gcBetweenRounds)
    }
  }
  const results = {}
  for (const name of names) {
    const s = state[name]
    const checks = summarize(s.checks, s.ms)
    const sorted = Float64Array.from(s.checks).sort()
    results[name] = {
      warmupSeconds: warmupSeconds[name],
      loop: loopSummary(s.histogram, s.ms, s.signIns),
      check: { ...checks, p999Us: Math.round(percentile(sorted, 99.9) * 1000 * 10) / 10 },
    }
  }
  return results
}

function scenario(kind) {
  return (settings) =>
    withCleanup(async (track) => {
      const sides = await setUp(track)
      const { signInOf, checkOf, validate, parameters, describe } = sides
      const password = { concurrency: settings.passwordConcurrency, roundMs: settings.passwordRoundMs }
      if (kind === "signin") {
        return {
          validate,
          contenders: [],
          measure: () => measureSignIns(signInOf, settings, password),
          report: () => ({
            notes: [
              describe(),
              `${password.concurrency} sign-ins at once per library (BENCH_PASSWORD_CONCURRENCY), rounds of ${password.roundMs} ms; p50/p99 are one sign-in's latency at that concurrency`,
            ],
            data: { parameters, concurrency: password.concurrency, roundMs: password.roundMs },
          }),
        }
      }
      let measured
      return {
        validate,
        contenders: [],
        measure: async () => (measured = await measureLoop(signInOf, checkOf, settings)),
        report: () => ({
          notes: [
            describe(),
            `samples: ${Object.entries(measured ?? {})
              .map(([name, r]) => `${name} ${r.check.ops} session checks, ${r.loop.samples} event-loop intervals (raw p99 ${r.loop.rawIntervalP99Us} µs), ${r.loop.ops} sign-ins`)
              .join("; ")}`,
            `${LOOP_CONCURRENCY} sign-ins kept in flight; event-loop delay = monitorEventLoopDelay({ resolution: ${LOOP_RESOLUTION_MS} }) interval − ${LOOP_RESOLUTION_MS} ms; ` +
              `session checks one at a time, ${CHECK_PAUSE_MS} ms apart, latency from the call to the Response (Gatehouse: GET /auth/session, JWT + registry; better-auth: GET /api/auth/get-session, its default database read)`,
          ],
          data: { parameters, concurrency: LOOP_CONCURRENCY, resolutionMs: LOOP_RESOLUTION_MS, checkPauseMs: CHECK_PAUSE_MS },
        }),
      }
    })
}

function unavailable() {
  return (
    builtOrMissing("@gatehousejs/sqlite-adapter", "packages/sqlite-adapter/dist/index.js") ??
    builtOrMissing("@gatehousejs/core/providers/password", "packages/core/dist/providers/password.js") ??
    (existsSync(fileURLToPath(new URL("node_modules/better-auth/package.json", root))) ? undefined : "better-auth is not installed: run `npm install`")
  )
}

/**
 * In run.js's scenario shape. `measure` replaces the one-caller interleaved loop; a comparison with `metric` takes
 * that part of each library's result, and one with `maxP99Ms` passes when Gatehouse's p99 is under it (no ratio).
 */
export const passwordScenarios = [
  {
    id: "password-signin",
    title: "10. Password sign-in, Gatehouse Password() vs better-auth emailAndPassword (concurrent)",
    unavailable,
    prepare: scenario("signin"),
    comparisons: [{ label: "10. password sign-in (concurrent)", numerator: GATEHOUSE, denominator: BETTER_AUTH, min: 2, concurrent: true }],
  },
  {
    id: "password-loop",
    title: `11. event loop and session checks while ${LOOP_CONCURRENCY} password sign-ins run`,
    unavailable,
    prepare: scenario("loop"),
    comparisons: [
      { label: `11a. event-loop delay, ${LOOP_CONCURRENCY} sign-ins`, numerator: GATEHOUSE, denominator: BETTER_AUTH, metric: "loop", maxP99Ms: 5, concurrent: true },
      { label: `11b. session check, ${LOOP_CONCURRENCY} sign-ins`, numerator: GATEHOUSE, denominator: BETTER_AUTH, metric: "check", maxP99Ms: 2, concurrent: true },
    ],
  },
]
