/**
 * The scenarios. Each one prepares its contenders — `{ name: op }`, `op` an async function doing one operation and
 * throwing when the result is wrong — checks before and after timing that every contender really does the work the
 * scenario names (a benchmark of a failing path is worthless), and says which ratios it reports against which target.
 */
import assert from "node:assert/strict"
import * as gatehouseJwt from "@gatehousejs/core/jwt"
import * as authjsJwt from "@auth/core/jwt"
import { CLAIMS, ORIGIN, PASSWORD, SECRET, SESSION_COOKIE, USER, handlers, url } from "./fixtures.js"
import { cookieHeader, setCookieValue } from "./cookies.js"
import { createFloorSessionCheck } from "./floor.js"

export const GATEHOUSE = "Gatehouse"
export const AUTHJS = "Auth.js"
export const FLOOR = "node:crypto floor"

/** A valid session token, written by `@auth/core` (the cookie format is the same for both libraries). */
async function authjsSessionToken() {
  return authjsJwt.encode({ token: { ...CLAIMS }, secret: SECRET, salt: SESSION_COOKIE })
}

export function fail(contender, what) {
  throw new Error(`${contender}: ${what}`)
}

/** Runs `fn` with console.error silenced: both libraries log the refused sign-in the validation provokes on purpose. */
async function quietly(fn) {
  const error = console.error
  console.error = () => {}
  try {
    return await fn()
  } finally {
    console.error = error
  }
}

/** Throws unless `response` is the `/session` answer for USER; returns the parsed body. */
export async function expectSession(contender, response) {
  if (response.status !== 200) fail(contender, `GET /auth/session answered ${response.status}, expected 200`)
  const text = await response.text()
  let body
  try {
    body = JSON.parse(text)
  } catch {
    fail(contender, `GET /auth/session body is not JSON: ${text.slice(0, 200)}`)
  }
  if (body === null) fail(contender, "GET /auth/session returned null for a valid session cookie — nothing to benchmark")
  if (body?.user?.name !== USER.name || body?.user?.email !== USER.email) {
    fail(contender, `GET /auth/session returned another user: ${text.slice(0, 200)}`)
  }
  if (typeof body.expires !== "string" || Number.isNaN(Date.parse(body.expires))) {
    fail(contender, `GET /auth/session has no valid "expires": ${text.slice(0, 200)}`)
  }
  return body
}

/** Throws unless `token` is a session token for USER that `@auth/core` decodes. */
async function expectAuthjsReadable(contender, token) {
  let claims
  try {
    claims = await authjsJwt.decode({ token, secret: SECRET, salt: SESSION_COOKIE })
  } catch (error) {
    fail(contender, `@auth/core cannot decode the session token it set: ${error.message}`)
  }
  if (claims?.sub !== USER.id || claims?.email !== USER.email) fail(contender, `session token has wrong claims: ${JSON.stringify(claims)}`)
}

/**
 * Scenarios 1–3: `GET /auth/session` with a valid cookie. `reissue`: Gatehouse gets `updateAge: 0` (a new cookie
 * every check, as Auth.js always does); otherwise Gatehouse keeps its default `updateAge` and must not re-issue, and
 * the node:crypto floor runs alongside.
 */
function sessionScenario({ reissue }) {
  return async (settings) => {
    const { gatehouse, authjs } = handlers(reissue ? { updateAge: 0 } : undefined)
    const floor = createFloorSessionCheck({ secret: SECRET, cookieName: SESSION_COOKIE })
    const cookie = `${SESSION_COOKIE}=${await authjsSessionToken()}`
    const sessionUrl = url("/session")
    const request = () => new Request(sessionUrl, { headers: { cookie } })
    const handlerOf = { [GATEHOUSE]: gatehouse, [AUTHJS]: authjs, ...(reissue ? {} : { [FLOOR]: floor }) }
    const mustReissue = { [GATEHOUSE]: reissue, [AUTHJS]: true, [FLOOR]: false }

    async function validate() {
      const bodies = {}
      for (const [name, handler] of Object.entries(handlerOf)) {
        const response = await handler(request())
        const reissued = setCookieValue(response, SESSION_COOKIE)
        bodies[name] = await expectSession(name, response)
        if (mustReissue[name] && !reissued) fail(name, "GET /auth/session did not re-issue the session cookie")
        if (!mustReissue[name] && reissued) {
          fail(
            name,
            "GET /auth/session re-issued the session cookie inside updateAge (docs/design.md#session-re-issue)",
          )
        }
        if (reissued) await expectAuthjsReadable(name, reissued)
      }
      assert.deepEqual(bodies[GATEHOUSE].user, bodies[AUTHJS].user, "Gatehouse and Auth.js return different users")
    }

    const op = (name) => {
      const handler = handlerOf[name]
      return settings.readBody
        ? async () => {
            const response = await handler(request())
            if (response.status !== 200) fail(name, `status ${response.status}`)
            await response.text()
          }
        : async () => {
            const response = await handler(request())
            if (response.status !== 200) fail(name, `status ${response.status}`)
          }
    }
    return { validate, contenders: Object.keys(handlerOf).map((name) => ({ name, op: op(name) })) }
  }
}

/** Scenario 4: a fresh browser fetches `/csrf`, then posts the credentials form with the cookies it was given. */
function credentialsScenario() {
  return async () => {
    const { gatehouse, authjs } = handlers()
    const csrfUrl = url("/csrf")
    const callbackUrl = url("/callback/credentials")

    async function signIn(name, handler, password) {
      const csrf = await handler(new Request(csrfUrl))
      if (csrf.status !== 200) fail(name, `GET /auth/csrf answered ${csrf.status}`)
      const { csrfToken } = await csrf.json()
      if (typeof csrfToken !== "string" || !csrfToken) fail(name, "GET /auth/csrf returned no csrfToken")
      const body = new URLSearchParams({ username: "alice", password, csrfToken }).toString()
      return handler(
        new Request(callbackUrl, {
          method: "POST",
          headers: { cookie: cookieHeader(csrf), "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
          body,
        }),
      )
    }

    const handlerOf = { [GATEHOUSE]: gatehouse, [AUTHJS]: authjs }
    async function validate() {
      for (const [name, handler] of Object.entries(handlerOf)) {
        const ok = await signIn(name, handler, PASSWORD)
        const location = ok.headers.get("location") ?? ""
        if (ok.status !== 302) fail(name, `POST /auth/callback/credentials answered ${ok.status}, expected 302`)
        if (/[?&]error=/.test(location)) fail(name, `sign-in redirected to an error: ${location}`)
        const token = setCookieValue(ok, SESSION_COOKIE)
        if (!token) fail(name, `sign-in set no ${SESSION_COOKIE} (Location: ${location})`)
        await expectAuthjsReadable(name, token)
        const refused = await quietly(() => signIn(name, handler, "wrong password"))
        if (setCookieValue(refused, SESSION_COOKIE)) fail(name, "a wrong password was given a session")
      }
    }
    const op = (name) => async () => {
      const response = await signIn(name, handlerOf[name], PASSWORD)
      if (response.status !== 302) fail(name, `status ${response.status}`)
      if (!setCookieValue(response, SESSION_COOKIE)) fail(name, "no session cookie")
    }
    return { validate, contenders: Object.keys(handlerOf).map((name) => ({ name, op: op(name) })) }
  }
}

const jwtOf = { [GATEHOUSE]: gatehouseJwt, [AUTHJS]: authjsJwt }

/** Scenario 5a: `encode` alone, same secret, salt and claims. */
function encodeScenario() {
  return async () => {
    const params = () => ({ token: { ...CLAIMS }, secret: SECRET, salt: SESSION_COOKIE })
    async function validate() {
      for (const [name, jwt] of Object.entries(jwtOf)) {
        const token = await jwt.encode(params())
        for (const [reader, other] of Object.entries(jwtOf)) {
          const claims = await other.decode({ token, secret: SECRET, salt: SESSION_COOKIE })
          if (claims?.sub !== USER.id || claims?.name !== USER.name) fail(name, `${reader} cannot decode its token`)
        }
      }
    }
    const op = (name) => {
      const { encode } = jwtOf[name]
      return async () => {
        const token = await encode(params())
        if (typeof token !== "string" || token.length < 100) fail(name, "encode returned no token")
      }
    }
    return { validate, contenders: Object.keys(jwtOf).map((name) => ({ name, op: op(name) })) }
  }
}

/** Scenario 5b: `decode` alone, of one token written by `@auth/core`. */
function decodeScenario() {
  return async () => {
    const token = await authjsSessionToken()
    const params = { token, secret: SECRET, salt: SESSION_COOKIE }
    async function validate() {
      for (const [name, jwt] of Object.entries(jwtOf)) {
        const claims = await jwt.decode({ ...params })
        if (claims === null) fail(name, "decode returned null for a valid token")
        if (claims.sub !== USER.id || claims.email !== USER.email) fail(name, `decode returned ${JSON.stringify(claims)}`)
      }
    }
    const op = (name) => {
      const { decode } = jwtOf[name]
      return async () => {
        const claims = await decode({ ...params })
        if (claims?.sub !== USER.id) fail(name, "decode returned no claims")
      }
    }
    return { validate, contenders: Object.keys(jwtOf).map((name) => ({ name, op: op(name) })) }
  }
}

/**
 * Every timed scenario. `comparisons` are the table rows: `numerator`/`denominator` ops/s, and the target for that
 * ratio (`min`), or none.
 */
export const scenarios = [
  {
    id: "session-reissue",
    title: "1. JWT session check, re-issue (GH updateAge: 0)",
    prepare: sessionScenario({ reissue: true }),
    comparisons: [{ label: "1. session check, re-issue", numerator: GATEHOUSE, denominator: AUTHJS, min: 10 }],
  },
  {
    id: "session",
    title: "2+3. JWT session check inside updateAge, with the node:crypto floor",
    prepare: sessionScenario({ reissue: false }),
    comparisons: [
      { label: "2. session check, inside updateAge", numerator: GATEHOUSE, denominator: AUTHJS, min: 15 },
      { label: "3. scenario 2 vs node:crypto floor", numerator: GATEHOUSE, denominator: FLOOR, min: 0.7, percent: true },
    ],
  },
  {
    id: "credentials",
    title: "4. Credentials sign-in round trip (/csrf + POST /callback/credentials)",
    prepare: credentialsScenario(),
    comparisons: [{ label: "4. credentials sign-in round trip", numerator: GATEHOUSE, denominator: AUTHJS, min: 5 }],
  },
  {
    id: "encode",
    title: "5a. jwt encode",
    prepare: encodeScenario(),
    comparisons: [{ label: "5a. jwt encode", numerator: GATEHOUSE, denominator: AUTHJS }],
  },
  {
    id: "decode",
    title: "5b. jwt decode",
    prepare: decodeScenario(),
    comparisons: [{ label: "5b. jwt decode", numerator: GATEHOUSE, denominator: AUTHJS }],
  },
]
