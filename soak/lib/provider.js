/**
 * Phase (c): a provider that hangs. The loopback OP (`op.js`) stops answering one endpoint at a time — discovery (hit
 * by the sign-in POST), the JWKS and the token endpoint (both hit by the callback). Each hung sign-in must end on an
 * error page within the core's provider time-out (10 s, waited for in full), while the rest of the app keeps
 * answering; then the OP recovers and a full sign-in must succeed at once, with no restart: nothing failed is cached
 * (no poisoned discovery or JWKS cache).
 */
import { performance } from "node:perf_hooks"
import { Browser, looksLikeStack, request } from "./http.js"
import { OP_ACCOUNT } from "./op.js"
import { PROVIDER_TIMEOUT_MS } from "./settings.js"
import { percentile } from "./stats.js"

const BASE = "/oidc/auth"

/**
 * One sign-in through the OP. Resolves where it ended: `{ ok, stage, location, ms }` — `ok` with a session for the OP's
 * user, or the error page the browser was sent to (`location`) and that page's status.
 */
async function signIn(origin) {
  const browser = new Browser(origin)
  const started = performance.now()
  const csrfToken = await browser.csrfToken(BASE)
  const start = await browser.request("POST", `${BASE}/signin/op`, { body: { csrfToken, callbackUrl: `${origin}/` } })
  let location = start.headers.location ?? ""
  let stage = "signin"
  if (start.status === 302 && !location.startsWith(origin)) {
    const authorize = await request("", "GET", location)
    const callback = new URL(authorize.headers.location)
    stage = "callback"
    const back = await browser.request("GET", `${callback.pathname}${callback.search}`)
    location = back.headers.location ?? ""
  }
  const ms = performance.now() - started
  const session = await browser.request("GET", `${BASE}/session`)
  if (session.status === 200 && session.body.includes(OP_ACCOUNT.email)) return { ok: true, stage, ms }
  const page = location.startsWith(origin) ? await browser.request("GET", location.slice(origin.length)) : undefined
  return {
    ok: false,
    stage,
    ms,
    location: location.replace(origin, ""),
    page: page && { status: page.status, html: /text\/html/.test(page.headers["content-type"] ?? ""), stack: looksLikeStack(page.body) },
  }
}

/** Session checks on another instance while a sign-in hangs: the event loop must stay free. */
async function sideTraffic(origin, cookie, until) {
  const latencies = []
  let errors = 0
  while (!until.done) {
    const answer = await request(origin, "GET", "/jwt/auth/session", { cookie })
    latencies.push(answer.ms)
    if (answer.status !== 200) errors++
  }
  return { checks: latencies.length, errors, p99: percentile(latencies, 99) }
}

/**
 * A hung sign-in while `endpoint` hangs, with side traffic measured meanwhile. Discovery and the JWKS are cached once
 * fetched, so the order matters: discovery and the JWKS hang together first (the sign-in POST stops at discovery);
 * then discovery recovers alone (the next sign-in gets past it — discovery was not poisoned — and stops at the JWKS);
 * then everything recovers (a full sign-in: the JWKS was not poisoned); then the token endpoint hangs and recovers.
 */
async function hungSignIn(origin, endpoint, jwtCookie) {
  const until = { done: false }
  const side = sideTraffic(origin, jwtCookie, until)
  const hung = await signIn(origin)
  until.done = true
  return { endpoint, hung, traffic: await side }
}

function judged(step, recovered) {
  const { hung } = step
  return {
    ...step,
    recovered,
    bounded: !hung.ok && hung.ms >= PROVIDER_TIMEOUT_MS - 100 && hung.ms < PROVIDER_TIMEOUT_MS + 3_000,
    errorPage: !hung.ok && /\/(error|signin)\?error=/.test(hung.location ?? "") && hung.page?.html === true && !hung.page.stack,
  }
}

export async function hangingProvider(origin, op, { jwtCookie }) {
  op.hang.add("discovery")
  op.hang.add("jwks")
  const discovery = await hungSignIn(origin, "discovery", jwtCookie)
  op.recover("discovery")
  const jwks = await hungSignIn(origin, "jwks", jwtCookie)
  op.recover()
  const afterJwks = await signIn(origin)
  op.hang.add("token")
  const token = await hungSignIn(origin, "token", jwtCookie)
  op.recover()
  const afterToken = await signIn(origin)
  // Discovery's recovery is the JWKS step's sign-in getting past discovery to the callback.
  const pastDiscovery = { ok: jwks.hung.stage === "callback", ms: jwks.hung.ms, location: "stopped before the callback", note: "reached the callback" }
  const steps = [judged(discovery, pastDiscovery), judged(jwks, afterJwks), judged(token, afterToken)]
  return { steps, requests: Object.fromEntries(op.counts) }
}
