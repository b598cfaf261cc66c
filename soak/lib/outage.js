/**
 * Phase (b): a store goes down and comes back while the app keeps running. Sessions are written first; a prober keeps
 * checking them with `GET /session` (two in flight) through the stop, the outage and the restart.
 *
 * What must hold: no answer other than 200 or 503 at any time; while the store is down every check is `503 null`, with
 * no stack trace and without expiring the session cookie (a blip must not sign anyone out); the app recovers by itself
 * (same process, no restart) within a bound; and, for PostgreSQL, every session written before is valid after. Redis
 * runs here without persistence (`--save "" --appendonly no`), so its sessions ARE lost on a restart: for Redis the
 * phase checks clean failure and self-recovery (a session written after the restart works), and reports the loss.
 */
import { performance } from "node:perf_hooks"
import { SESSION_COOKIE, clearsCookie, looksLikeStack, request } from "./http.js"
import { memorySample } from "./load.js"
import { OUTAGE_SECONDS, OUTAGE_SESSIONS } from "./settings.js"
import { maximum, percentile } from "./stats.js"

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function seed(origin, store) {
  const answer = await request(origin, "POST", `/__soak/${store}/seed`)
  if (answer.status !== 200) throw new Error(`seeding a ${store} session failed: ${answer.status} ${answer.body}`)
  return JSON.parse(answer.body)
}

async function check(origin, store, session) {
  const answer = await request(origin, "GET", `/${store}/auth/session`, { cookie: `${SESSION_COOKIE}=${session.sessionToken}`, timeoutMs: 20_000 })
  return { answer, valid: answer.status === 200 && answer.body.includes(session.email) }
}

async function countValid(origin, store, sessions) {
  const results = await Promise.all(sessions.map((s) => check(origin, store, s)))
  return results.filter((r) => r.valid).length
}

/** `service`: `postgres` or `redis` from services.js; `keepsData`: whether sessions must survive the restart. */
export async function outage(origin, { store, service, keepsData }) {
  const pidBefore = (await memorySample(origin)).pid
  const sessions = []
  for (let i = 0; i < OUTAGE_SESSIONS; i++) sessions.push(await seed(origin, store))
  const validBefore = await countValid(origin, store, sessions)

  const records = []
  const t0 = performance.now()
  const now = () => performance.now() - t0
  let probing = true
  const prober = async (offset) => {
    for (let i = offset; probing; i += 2) {
      const session = sessions[i % sessions.length]
      const at = now()
      try {
        const { answer, valid } = await check(origin, store, session)
        records.push({ at, status: answer.status, ms: answer.ms, valid, cleared: clearsCookie(answer, SESSION_COOKIE), stack: looksLikeStack(answer.body), body: answer.body.slice(0, 40) })
      } catch (error) {
        records.push({ at, status: 0, ms: now() - at, error: error.message })
      }
      await sleep(20)
    }
  }
  const probers = [prober(0), prober(1)]
  await sleep(1_000)

  const window = {}
  let recoveredAt
  let restartError
  window.stopAt = now()
  try {
    await service.stop()
    window.downAt = now()
    await sleep(OUTAGE_SECONDS * 1000)
  } finally {
    window.restartAt = now()
    try {
      await service.start()
    } catch (error) {
      restartError = error.message
    }
    window.upAt = now()
  }

  // Recovered: a session check answers with a user again. For Redis (data lost) that takes a session written after
  // the restart; the write itself is retried until the store answers.
  const deadline = performance.now() + 30_000
  let fresh
  while (performance.now() < deadline && recoveredAt === undefined) {
    if (keepsData) {
      const { valid } = await check(origin, store, sessions[0]).catch(() => ({ valid: false }))
      if (valid) recoveredAt = now()
    } else {
      fresh ??= await seed(origin, store).catch(() => undefined)
      if (fresh && (await check(origin, store, fresh).catch(() => ({ valid: false }))).valid) recoveredAt = now()
    }
    if (recoveredAt === undefined) await sleep(50)
  }
  await sleep(1_000)
  probing = false
  await Promise.all(probers)

  const validAfter = await countValid(origin, store, sessions)
  const pidAfter = (await memorySample(origin)).pid
  const during = records.filter((r) => r.at >= window.downAt && r.at + r.ms <= window.restartAt)
  const after = records.filter((r) => recoveredAt !== undefined && r.at >= recoveredAt)
  const statuses = {}
  for (const r of records) statuses[r.status] = (statuses[r.status] ?? 0) + 1

  return {
    store,
    sessions: sessions.length,
    validBefore,
    validAfter,
    keepsData,
    restartError,
    stopSeconds: (window.downAt - window.stopAt) / 1000,
    downSeconds: (window.upAt - window.downAt) / 1000,
    startSeconds: (window.upAt - window.restartAt) / 1000,
    recoverySeconds: recoveredAt === undefined ? undefined : (recoveredAt - window.upAt) / 1000,
    checks: records.length,
    statuses,
    duringOutage: {
      checks: during.length,
      all503Null: during.length > 0 && during.every((r) => r.status === 503 && r.body === "null"),
      cookieCleared: during.filter((r) => r.cleared).length,
      stackTraces: during.filter((r) => r.stack).length,
      p50: percentile(during.map((r) => r.ms), 50),
      max: maximum(during.map((r) => r.ms)),
    },
    afterRecovery: { checks: after.length, non200: after.filter((r) => r.status !== 200).length },
    unexpected: records.filter((r) => r.status !== 200 && r.status !== 503).slice(0, 5),
    sameProcess: pidBefore === pidAfter,
  }
}
