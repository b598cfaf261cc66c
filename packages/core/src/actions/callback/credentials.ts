/**
 * `POST /callback/:id` for a credentials provider (CSRF-checked by the pipeline): rate limits (per identifier and client, `rate-limit/limiter.ts`) →
 * `authorize(credentials, request)` → with database sessions, the stored user (`accounts/credentials-user.ts`) → `signIn` callback → session → redirect. A falsy result is `CredentialsSignin` (back to the sign-in page with `error=CredentialsSignin&code=…`); a
 * thrown `CredentialsSignin` subclass keeps its `code`; any other throw is a server problem (`Configuration`), logged
 * with its cause and never shown to the client.
 */
import { credentialsUser, requireUserId } from "../../accounts/credentials-user.js"
import type { Context } from "../../context.js"
import { AuthError, CallbackRouteError, CredentialsSignin } from "../../errors.js"
import type { Cookie } from "../../http/cookie.js"
import type { ResponseInternal } from "../../http/response.js"
import type { CredentialsConfig } from "../../providers/types.js"
import { randomUUID } from "../../runtime/random.js"
import { createSession } from "../../session/create-session.js"
import type { Account, User } from "../../types.js"
import { authorizeSignIn } from "./authorize-sign-in.js"

export async function credentialsCallback(
  ctx: Context,
  provider: CredentialsConfig,
  callbackUrl: string,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const { config, req } = ctx
  const { csrfToken: _csrf, callbackUrl: _cb, ...credentials } = req.body
  // Loaded on first use, like every part a session check does not need (style rule 10).
  const attempt = config.rateLimit ? await (await import("../../rate-limit/limiter.js")).limitCredentials(ctx, provider, credentials) : undefined
  // Auth.js hands `authorize` a new Request whose body is the credentials as JSON. Building one is a tenth of a
  // sign-in, so it is built only for an `authorize` that declares the parameter; others get the original request.
  const request =
    provider.authorize.length >= 2
      ? new Request(req.url, { method: "POST", headers: req.headers, body: JSON.stringify(credentials) })
      : req.request

  let user: User | null
  try {
    user = (await provider.authorize(credentials, request)) as User | null
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(error instanceof Error ? error : new Error(String(error)), { cause: { provider: provider.id } })
  }
  if (!user) throw new CredentialsSignin()
  if (typeof user !== "object" || Array.isArray(user)) {
    throw new CallbackRouteError(`\`authorize\` of "${provider.id}" must return a user object or null.`)
  }
  const stored = config.session.strategy === "database" && config.adapter
  if (stored) requireUserId(provider, user)
  user = { ...user, id: user.id === undefined || user.id === null ? randomUUID() : String(user.id) }
  const account: Account = { providerAccountId: user.id!, type: "credentials", provider: provider.id }
  const redirect = await authorizeSignIn(ctx, { user, account, credentials })
  if (redirect) return { redirect, cookies }

  let isNewUser = false
  if (stored) {
    const login = await credentialsUser(ctx, provider, user, account)
    user = { ...user, ...login.user }
    isNewUser = login.isNewUser
  }
  cookies.push(...(await createSession(ctx, { user, account, isNewUser })))
  if (attempt) cookies.push(...(await attempt.succeeded()))
  // `isNewUser` only where a user can be new: Auth.js's credentials sign-in (never stored) sends none.
  await config.events.signIn?.(stored ? { user, account, isNewUser } : { user, account })
  return { redirect: callbackUrl, cookies }
}
