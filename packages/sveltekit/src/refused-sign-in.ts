/**
 * A refused sign-in that no app code caught never reaches the browser as SvelteKit's 500 (issue 25 item 7).
 *
 * `signIn` throws its `AuthError` (`CredentialsSignin` for a wrong password), as `@auth/sveltekit`'s does, so an app
 * that calls it inside its own action can catch it and answer `fail(400, …)` on its page. Used bare —
 * `actions = { default: signIn }`, as the README writes it — nothing catches it and SvelteKit answers 500. So the
 * refusal is remembered for the request (`remember`), and `handle` looks at what `resolve` gave (`answer`): a 500
 * with a refusal remembered becomes what the endpoint answers a form — the sign-in page with `error` (and `code`) and
 * the `callbackUrl` to come back to, the error page for the rest, 429 for too many attempts. An app that caught the
 * refusal answered something else than a 500, and is left alone. The engine has logged the refusal.
 */
import { type AuthError, CredentialsSignin, EmailSignInError, isClientError, TooManyRequests } from "@gatehousejs/core"
import type { RequestEvent } from "@sveltejs/kit"
import type { Binding } from "./engine.js"

interface Refusal {
  error: AuthError
  /** Where the sign-in would have gone: the sign-in page sends the browser there once it succeeds. */
  callbackUrl: string | undefined
  config: Binding["config"]
}

/** Per request (its `locals`, one object from `handle` to the action), the refusal a `signIn` threw. */
const refusals = new WeakMap<object, Refusal>()

export function remember(event: RequestEvent, refusal: Refusal): void {
  refusals.set(event.locals, refusal)
}

/**
 * `resolve`'s answer, or the endpoint's answer to the refusal that made it a server error. `thrown` is what
 * `resolve` threw instead of answering (SvelteKit answers; some hosts and test harnesses rethrow).
 */
export function answer(event: RequestEvent, outcome: { response: Response } | { thrown: unknown }): Response {
  const refusal = refusals.get(event.locals)
  const escaped = "thrown" in outcome ? outcome.thrown === refusal?.error : outcome.response.status >= 500
  if (!refusal || !escaped) {
    if ("thrown" in outcome) throw outcome.thrown
    return outcome.response
  }
  const headers = new Headers()
  if ("response" in outcome) for (const line of outcome.response.headers.getSetCookie()) headers.append("set-cookie", line)
  // `use:enhance` posts with this header and reads an ActionResult as JSON; a plain form follows a redirect.
  const enhanced = event.request.headers.get("x-sveltekit-action") === "true"
  const { error } = refusal
  if (error instanceof TooManyRequests) {
    headers.set("retry-after", String(error.retryAfter))
    const message = `Too many attempts; try again in ${error.retryAfter} seconds.`
    if (enhanced) return Response.json({ type: "error", status: 429, error: { message } }, { status: 429, headers })
    return new Response(message, { status: 429, headers })
  }
  const location = failureUrl(event, refusal)
  if (enhanced) return Response.json({ type: "redirect", status: 303, location }, { headers })
  headers.set("location", location)
  return new Response(null, { status: 303, headers })
}

/** Where the endpoint sends a browser after this failure (core's `auth.ts` failure mapping), as a path. */
function failureUrl(event: RequestEvent, { error, callbackUrl, config }: Refusal): string {
  const signInPage = config.pages?.signIn ?? `${config.basePath}/signin`
  if (error instanceof EmailSignInError) return pageUrl(event, signInPage, { error: "EmailSignin", callbackUrl })
  if (isClientError(error) && error.kind === "signIn") {
    const code = error instanceof CredentialsSignin ? error.code : undefined
    return pageUrl(event, signInPage, { error: error.type, code, callbackUrl })
  }
  return pageUrl(event, config.pages?.error ?? `${config.basePath}/error`, { error: isClientError(error) ? error.type : "Configuration" })
}

function pageUrl(event: RequestEvent, page: string, params: Record<string, string | undefined>): string {
  const url = new URL(page, event.url)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return url.origin === event.url.origin ? `${url.pathname}${url.search}` : url.href
}
