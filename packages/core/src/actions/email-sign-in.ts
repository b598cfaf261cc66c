/**
 * `POST /signin/:id` for an email provider: normalise the address, ask the `signIn` callback (with
 * `email.verificationRequest: true`), store the hashed token, then send the link (design §3 fix 6: stored before sent;
 * no mail for a token that was not stored), and show the check-your-email page. Known and unknown addresses get the
 * same answer (EC-01).
 */
import type { Context } from "../context.js"
import { EmailSignInError } from "../errors.js"
import { InvalidEmail, normalizeEmail } from "../email/normalize.js"
import { hashVerificationToken, newVerificationToken } from "../email/verification-token.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import { EMAIL_MAX_AGE } from "../providers/email.js"
import type { EmailConfig } from "../providers/types.js"
import { randomUUID } from "../runtime/random.js"
import type { AdapterUser } from "../adapters.js"
import { authorizeSignIn } from "./callback/authorize-sign-in.js"
import { pageUrl } from "./shared.js"

export async function startEmailSignIn(ctx: Context, provider: EmailConfig, callbackUrl: string, cookies: Cookie[]): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapter!
  let identifier: string
  try {
    const raw = ctx.req.body.email
    identifier = provider.normalizeIdentifier ? provider.normalizeIdentifier(String(raw ?? "")) : normalizeEmail(raw)
  } catch (error) {
    throw new EmailSignInError(error instanceof InvalidEmail ? error.message : "The email address was refused.")
  }

  const user: AdapterUser = (await adapter.getUserByEmail!(identifier)) ?? { id: randomUUID(), email: identifier, emailVerified: null }
  const account = { providerAccountId: identifier, userId: user.id, type: "email" as const, provider: provider.id }
  const redirect = await authorizeSignIn(ctx, { user, account, email: { verificationRequest: true } })
  if (redirect) return { redirect, cookies }

  const token = (await provider.generateVerificationToken?.()) ?? newVerificationToken()
  const secret = provider.secret ?? config.secrets[0]!
  const expires = new Date(Date.now() + (provider.maxAge ?? EMAIL_MAX_AGE) * 1000)
  await adapter.createVerificationToken!({ identifier, token: await hashVerificationToken(token, secret), expires })

  const url = new URL(`${ctx.baseUrl}/callback/${encodeURIComponent(provider.id)}`)
  url.searchParams.set("callbackUrl", callbackUrl)
  url.searchParams.set("token", token)
  url.searchParams.set("email", identifier)
  try {
    await provider.sendVerificationRequest({
      identifier,
      url: url.href,
      expires,
      provider,
      token,
      theme: config.theme,
      request: ctx.req.request,
    })
  } catch (error) {
    throw new EmailSignInError(error instanceof Error ? error : new Error(String(error)), { cause: { provider: provider.id } })
  }
  return { redirect: pageUrl(ctx, config.pages.verifyRequest ?? `${config.basePath}/verify-request`, { provider: provider.id, type: "email" }), cookies }
}
