/**
 * The pipeline: runs one route-table entry. Its declared needs are checked in one order — the one-time cookie it uses
 * up, `Origin` and the CSRF double-submit, the feature it requires, the signed-in user and how recent the sign-in is,
 * a usable provider, the client's budgets — and only then does the handler run, with what the checks produced. A
 * refusal, here or raised as `Refused` by the handler's work, is answered by refusal.ts.
 */
import type { Context } from "../context.js"
import { TooManyRequests } from "../errors.js"
import type { ResponseInternal } from "../http/response.js"
import { newGiven } from "./given.js"
import { Refused } from "./refused.js"
import type { Given, Refusal, Route } from "./route.js"

/** Runs `route` for `ctx`: a refusal or the handler's answer. Errors other than `Refused` propagate to `auth.ts`. */
export async function runRoute(ctx: Context, route: Route): Promise<ResponseInternal> {
  const given = newGiven(ctx)
  try {
    // An entry that declares nothing (`GET /session`, the session check) goes straight to its handler.
    const refusal = declaresNothing(route) ? undefined : await check(ctx, route, given)
    if (refusal) return await (await import("./refusal.js")).refuse(ctx, route, refusal, given)
    return await route.handle(ctx, given)
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    return (await import("./refusal.js")).refuse(ctx, route, error.refusal, given, error)
  }
}

/**
 * The checks alone, for a server function reaching an entry without HTTP: `undefined` when they pass (and `given`
 * filled), else the refusal.
 */
export async function check(ctx: Context, route: Route, given: ReturnType<typeof newGiven>): Promise<Refusal | undefined> {
  const { req, config } = ctx
  if (route.consumes === "webauthnChallenge" && req.cookies[ctx.cookies.webauthnChallenge.name] !== undefined) {
    const { clearChallengeCookie } = await import("../webauthn/challenge.js")
    const clear = clearChallengeCookie(ctx)
    given.cookies.push(clear)
    ctx.failureCookies.push(clear)
  }
  if (req.method === "POST" && !route.withoutCsrf) {
    // Read even when the check is skipped (server code, `skipCSRFCheck`): a page rendered later uses its token.
    const state = await given.csrf(req.body.csrfToken)
    if (!ctx.skipCSRFCheck) {
      // docs/design.md#origin-check: defence in depth on top of the token; a missing `Origin` relies on the token.
      const origin = req.headers.get("origin")
      if (origin !== null && origin !== req.origin) {
        config.logger.debug("csrf-cross-origin", { origin: origin.slice(0, 200) })
        return "origin"
      }
      if (!state.verified) return "csrf"
    }
  }
  if (route.requires === "sessionRegistry" && !config.sessionRegistry) return "unsupported"
  if (route.signedIn || route.recentSignIn !== undefined) {
    const { readSignedIn } = await import("./signed-in.js")
    const signedIn = await readSignedIn(ctx)
    if (!signedIn) return "signed-out"
    if (route.recentSignIn !== undefined && !(signedIn.authTime !== undefined && config.now() / 1000 - signedIn.authTime <= route.recentSignIn)) {
      return "stale-sign-in"
    }
    ;(given as Given).signedIn = signedIn
  }
  const provider = req.providerId === undefined ? undefined : config.providersById.get(req.providerId)
  // A provider without its client id, secret or issuer: refused here, never a redirect with `client_id=` empty.
  const unusable = provider && config.providerProblems.get(provider.id)
  if (unusable) throw unusable
  if (route.budgets && config.rateLimit) {
    const { limitClient } = await import("../rate-limit/limiter.js")
    try {
      for (const budget of route.budgets) await limitClient(ctx, budget)
    } catch (error) {
      // The browser flows keep Auth.js's answer to a spent budget (auth.ts: the sign-in page, 429); `json` entries
      // answer it as their other refusals.
      if (!(error instanceof TooManyRequests) || route.answers !== "json") throw error
      ;(given as Given).retryAfter = error.retryAfter
      return "rate-limited"
    }
  }
  return undefined
}

const bare = new WeakMap<Route, boolean>()

/** A GET with no provider, no sign-in, no requirement, no budget and no one-time cookie: no check applies to it. */
function declaresNothing(route: Route): boolean {
  let known = bare.get(route)
  if (known === undefined) {
    known = route.method === "GET" && !route.path.includes(":provider") && !route.signedIn && route.recentSignIn === undefined && !route.requires && !route.budgets && !route.consumes
    bare.set(route, known)
  }
  return known
}
