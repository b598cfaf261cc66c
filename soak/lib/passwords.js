/**
 * Phase (f): the `Password` provider (issue 27) over real HTTP, on the app's `/password` instance (database sessions in
 * SQLite, `rateLimit: false`).
 *
 *   flood   `FLOOD` sign-ins (`POST /password/callback/password`) sent at once — a third each with the right
 *           password, a wrong one and an unknown address — while `GET /password/session` loops with a signed-in
 *           cookie. Each argon2id hash holds 19 MiB until it ends; core's queue runs at most `HASH_CONCURRENCY` at
 *           once, so the app's RSS grows by a few hashes, not 500, and the session checks keep answering.
 *   timing  `TIMING_SAMPLES` interleaved pairs: sign-up with a taken address vs a new one (PW-01) and forgot for a
 *           known vs an unknown address (PW-05). One answer shape for both, medians within 20%.
 *
 * The users are made through the real endpoints: sign-up, then the verification link from the app's mailbox fixture.
 */
import { createHash, randomUUID } from "node:crypto"
import http from "node:http"
import { performance } from "node:perf_hooks"
import { Browser, SESSION_COOKIE, request, setCookies } from "./http.js"
import { memorySample } from "./load.js"
import { FLOOD, FLOOD_RSS_SLACK, FLOOD_SESSION_LOOPS, HASH_CONCURRENCY, HASH_MEMORY, TIMING_SAMPLES } from "./settings.js"
import { maximum, percentile } from "./stats.js"

const BASE = "/password"
/** Pairs sent, untimed, before the timed ones: the first answers load code (the mail texts, the pages) lazily. */
const WARM_UP = 10
/** Long enough (15) and on no list of common passwords. */
const PASSWORD = "soak flood password 0123 ✓"

/** The latest mail the app's `sendMail` got for `to`; mails go out after the answer, so this waits for one. */
async function mailTo(origin, to, purpose) {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await request(origin, "GET", `/__soak/password/mail?to=${encodeURIComponent(to)}`)
    if (answer.status === 200) {
      const mail = JSON.parse(answer.body)
      if (mail.purpose === purpose) return mail
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no ${purpose} mail to ${to} within 5 s`)
}

/** A verified user with a password, signed in through the real endpoints: sign-up, then the link of its mail. */
export async function signedUpUser(origin, email) {
  const browser = new Browser(origin)
  const csrfToken = await browser.csrfToken(BASE)
  const signUp = await browser.request("POST", `${BASE}/signup/password`, { body: { csrfToken, email, password: PASSWORD, name: "Soak Password" } })
  if (signUp.status !== 302) throw new Error(`sign-up of ${email} answered ${signUp.status}: ${signUp.body.slice(0, 200)}`)
  const { token } = await mailTo(origin, email, "verify-email")
  const verified = await browser.request("POST", `${BASE}/verify-email`, { body: { csrfToken, token } })
  const session = browser.jar.cookies.get(SESSION_COOKIE)
  if (verified.status !== 302 || !session) throw new Error(`verifying ${email} answered ${verified.status} ${verified.headers.location ?? ""} without a session`)
  const check = await request(origin, "GET", `${BASE}/session`, { cookie: `${SESSION_COOKIE}=${session}` })
  if (check.status !== 200 || !check.body.includes(email)) throw new Error(`the new session of ${email} is not valid: ${check.status} ${check.body.slice(0, 100)}`)
  return { email, password: PASSWORD, cookie: `${SESSION_COOKIE}=${session}` }
}

/**
 * The flood. Memory: a sample after two forced GCs before, cheap ones (no GC) every 200 ms during, and the process's
 * peak RSS (getrusage) when it rose during the flood, then a GC'd sample after. Session checks: `FLOOD_SESSION_LOOPS`
 * loops, each sending the next check when the last answered, over the driver's keep-alive agent; the figures are those
 * of the checks sent while sign-ins were unanswered.
 */
export async function passwordFlood(origin, user) {
  const browser = new Browser(origin)
  const csrfToken = await browser.csrfToken(BASE)
  const cookie = browser.jar.header()
  const callbackUrl = `${origin}/after-sign-in`
  // Its own agent, no socket limit: all FLOOD requests are on the wire together (the shared agent queues past 64).
  const floodAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const kinds = ["right", "wrong", "unknown"]
  const attempt = (i) => {
    const kind = kinds[i % 3]
    const email = kind === "unknown" ? `nobody-${i}@soak.example` : user.email
    const password = kind === "right" ? user.password : `${user.password} but wrong`
    return request(origin, "POST", `${BASE}/callback/password`, { cookie, body: { csrfToken, email, password, callbackUrl }, via: floodAgent }).then(
      (answer) => ({ kind, answer }),
      (error) => ({ kind, error }),
    )
  }

  const memoryBefore = await memorySample(origin)
  const checks = []
  const checkErrors = []
  let stage = "before"
  let flooding = false
  const sessionLoop = async () => {
    while (stage !== "done") {
      const sentIn = stage
      let answer
      try {
        answer = await request(origin, "GET", `${BASE}/session`, { cookie: user.cookie })
      } catch (error) {
        checkErrors.push(`transport: ${error.message}`)
        continue
      }
      checks.push({ ms: answer.ms, stage: sentIn, at: performance.now() - answer.ms })
      if (answer.status !== 200 || !answer.body.includes(user.email)) checkErrors.push(`${answer.status} ${answer.body.slice(0, 80)}`)
    }
  }
  const loops = Array.from({ length: FLOOD_SESSION_LOOPS }, sessionLoop)
  await new Promise((resolve) => setTimeout(resolve, 1_000))

  const samples = []
  const started = performance.now()
  flooding = true
  stage = "during"
  const sampler = (async () => {
    while (flooding) {
      const { rss, heapUsed, external, maxRss } = await memorySample(origin, { gc: false })
      samples.push({ at: (performance.now() - started) / 1000, rss, heapUsed, external, maxRss })
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  const results = await Promise.all(Array.from({ length: FLOOD }, (_, i) => attempt(i)))
  const seconds = (performance.now() - started) / 1000
  flooding = false
  stage = "after"
  await sampler
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  stage = "done"
  await Promise.all(loops)
  floodAgent.destroy()
  const after = await memorySample(origin)

  // Per kind: statuses, and whether the answer is what that kind should get (a session only for the right password).
  const byKind = Object.fromEntries(kinds.map((kind) => [kind, { statuses: {}, expected: 0, count: 0 }]))
  const errors = []
  for (const { kind, answer, error } of results) {
    const k = byKind[kind]
    k.count++
    if (error) {
      errors.push(`${kind} transport: ${error.message}`)
      continue
    }
    k.statuses[answer.status] = (k.statuses[answer.status] ?? 0) + 1
    const session = setCookies(answer).some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))
    const location = answer.headers.location ?? ""
    const ok = kind === "right" ? location === callbackUrl && session : location.includes("error=CredentialsSignin") && !session
    if (answer.status === 302 && ok) k.expected++
    else if (errors.length < 5) errors.push(`${kind}: ${answer.status} ${location} ${answer.body.slice(0, 80)}`)
  }
  const signInMs = results.filter((r) => r.answer).map((r) => r.answer.ms)

  const latencies = (stage) => checks.filter((c) => c.stage === stage).map((c) => c.ms)
  const during = latencies("during")
  const before = latencies("before")
  // The slowest check sent in each second of the flood: where the slow ones fall (the burst of arrivals, or throughout).
  const slowestPerSecond = []
  for (const c of checks.filter((c) => c.stage === "during")) {
    const second = Math.floor((c.at - started) / 1000)
    slowestPerSecond[second] = Math.max(slowestPerSecond[second] ?? 0, Math.round(c.ms))
  }
  const sampledPeak = maximum(samples.map((s) => s.rss))
  const maxRssRose = after.maxRss > memoryBefore.maxRss
  const peak = maxRssRose ? Math.max(sampledPeak, after.maxRss) : sampledPeak
  return {
    attempts: FLOOD,
    seconds,
    byKind,
    transportErrors: results.filter((r) => r.error).length,
    errorExamples: errors.slice(0, 5),
    signInP50: percentile(signInMs, 50),
    signInMax: maximum(signInMs),
    checks: {
      during: during.length,
      errors: checkErrors.length,
      errorExamples: checkErrors.slice(0, 5),
      p50: percentile(during, 50),
      p99: percentile(during, 99),
      max: maximum(during),
      p50Before: percentile(before, 50),
      p99Before: percentile(before, 99),
      slowestPerSecond,
    },
    memory: {
      before: memoryBefore.rss,
      peak,
      peakFrom: maxRssRose ? "getrusage maxRSS" : "samples",
      after: after.rss,
      growth: peak - memoryBefore.rss,
      bound: HASH_CONCURRENCY * HASH_MEMORY + FLOOD_RSS_SLACK,
      unbounded: FLOOD * HASH_MEMORY,
      samples: samples.map(({ at, rss, heapUsed, external }) => ({ at: Number(at.toFixed(2)), rss, heapUsed, external })),
    },
  }
}

/**
 * An answer's shape: status, `Location`, the cookie names it sets, and a digest of its body with what differs by
 * request and not by address removed (the CSRF token, script nonces) and the submitted address replaced.
 */
function shapeOf(answer, email) {
  const body = answer.body
    .replaceAll(email, "<address>")
    .replaceAll(encodeURIComponent(email), "<address>")
    .replace(/(name="csrfToken"\s+value=")[^"]*"/g, '$1"')
    .replace(/nonce="[^"]*"/g, 'nonce=""')
  const digest = createHash("sha256").update(body).digest("hex").slice(0, 12)
  return `${answer.status} ${answer.headers.location ?? "-"} [${setCookies(answer).map((line) => line.split("=")[0]).sort().join(",")}] body ${digest} (${body.length} B)`
}

/**
 * `TIMING_SAMPLES` of each kind, interleaved (the order flips every pair, so the work one answer leaves for after it —
 * a mail — delays the next request of either kind equally often), after `WARM_UP` untimed pairs; `send(kind, i)`
 * makes one request.
 */
async function interleaved(kinds, send) {
  const times = Object.fromEntries(kinds.map((kind) => [kind, []]))
  const shapes = new Map()
  for (let i = -WARM_UP; i < TIMING_SAMPLES; i++) {
    for (const kind of i % 2 ? [...kinds].reverse() : kinds) {
      const { answer, email } = await send(kind, i)
      if (i >= 0) times[kind].push(answer.ms)
      const shape = shapeOf(answer, email)
      if (!shapes.has(shape)) shapes.set(shape, kind)
    }
  }
  const [a, b] = kinds.map((kind) => percentile(times[kind], 50))
  return { samples: TIMING_SAMPLES, medians: { [kinds[0]]: a, [kinds[1]]: b }, gap: Math.abs(a - b) / Math.min(a, b), shapes: [...shapes].map(([shape, kind]) => `${kind}: ${shape}`) }
}

/** PW-01 (sign-up, taken vs new address) and PW-05 (forgot, known vs unknown address). */
export async function passwordTiming(origin, user) {
  const browser = new Browser(origin)
  const csrfToken = await browser.csrfToken(BASE)
  const cookie = browser.jar.header()
  const run = randomUUID().slice(0, 8)
  const signUp = await interleaved(["taken", "new"], async (kind, i) => {
    const email = kind === "taken" ? user.email : `new-${run}-${i + WARM_UP}@soak.example`
    return { email, answer: await request(origin, "POST", `${BASE}/signup/password`, { cookie, body: { csrfToken, email, password: PASSWORD } }) }
  })
  const forgot = await interleaved(["known", "unknown"], async (kind) => {
    const email = kind === "known" ? user.email : `nobody-${run}@soak.example`
    return { email, answer: await request(origin, "POST", `${BASE}/password/forgot`, { cookie, body: { csrfToken, email } }) }
  })
  return { signUp, forgot }
}
