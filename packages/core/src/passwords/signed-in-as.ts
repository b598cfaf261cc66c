/** Starts a session for a `Password` user after a proof (the password, a verification or reset link). */
import { authorizeSignIn } from "../actions/callback/authorize-sign-in.js"
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { createSession } from "../session/create-session.js"
import type { Account } from "../types.js"
import type { PasswordSetup } from "./setup.js"

/**
 * The session cookies, after the `signIn` callback allowed it (its redirect otherwise); the `signIn` event after. The
 * account is the provider's, keyed by the user id; no account row is stored (the password lives beside the tables).
 */
export async function signedInAs(ctx: Context, setup: PasswordSetup, user: AdapterUser): Promise<{ cookies: Cookie[] } | { redirect: string }> {
  const account: Account = { providerAccountId: user.id, type: "credentials", provider: setup.provider.id }
  // The `signIn` callback sees the address, never the password.
  const redirect = await authorizeSignIn(ctx, { user, account, credentials: { email: user.email } })
  if (redirect) return { redirect }
  const cookies = await createSession(ctx, { user, account, isNewUser: false })
  await ctx.config.events.signIn?.({ user, account, isNewUser: false })
  return { cookies }
}
