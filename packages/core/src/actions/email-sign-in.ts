/**
 * `POST /signin/:id` for an email provider: normalise the address, spend its rate-limit budgets (per address and per
 * client), ask the `signIn` callback (with `email.verificationRequest: true`), store the hashed token, then send the
 * link (docs/design.md#email-tokens-stored-before-sending: no mail for a token that was not stored), and show the
 * check-your-email page. Known and unknown addresses get the same answer (EC-01), refused or not.
 *
 * The link is built from the configured origin only (docs/design.md#links-that-leave-the-request, RT-02): whoever
 * receives a link built from the request's `Host` receives the token.
 */
import type { Context } from "../context.js"
import { EmailSignInError, UntrustedHost } from "../errors.js"
import { InvalidEmail, normalizeEmail } from "../email/normalize.js"
import { hashVerificationToken, newVerificationToken } from "../email/verification-token.js"
import type { Cookie } from "../http/cookie.js"
import { linkOrigin } from "../http/request.js"
import type { ResponseInternal } from "../http/response.js"
import { EMAIL_MAX_AGE } from "../providers/email.js"
import type { EmailConfig } from "../providers/types.js"
import { limitEmail } from "../rate-limit/limiter.js"
import { randomUUID } from "../runtime/random.js"
import type { AdapterUser } from "../adapters.js"
import { authorizeSignIn } from "./callback/authorize-sign-in.js"
import { pageUrl } from "./shared.js"

/**
 * Starts an e-mail sign-in for the address in the request body. `onLinkStored` receives the stored (hashed) token of
 * the link that was sent, for a caller that must later recognise that very link (a pending passkey, RT-01).
 */
export async function startEmailSignIn(
  ctx: Context,
  provider: EmailConfig,
  callbackUrl: string,
  cookies: Cookie[],
  onLinkStored?: (storedToken: string) => void,
): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapter!
  const origin = linkOrigin(ctx.req.origin, config.envUrl, config.production)
  if (!origin) {
    throw new UntrustedHost(
      "E-mail sign-in needs the public URL of the app for its links: set AUTH_URL (e.g. AUTH_URL=https://app.example/auth). " +
        "The request's Host is never used for a link that leaves the request (outside production, only a localhost one is).",
    )
  }
  let identifier: string
  try {
    const raw = ctx.req.body.email
    identifier = provider.normalizeIdentifier ? provider.normalizeIdentifier(String(raw ?? "")) : normalizeEmail(raw)
  } catch (error) {
    throw new EmailSignInError(error instanceof InvalidEmail ? error.message : "The email address was refused.")
  }

  // Before any lookup, for every address alike: a refusal says nothing about whether the address has an account.
  await limitEmail(ctx, identifier)
  const user: AdapterUser = (await adapter.getUserByEmail!(identifier)) ?? { id: randomUUID(), email: identifier, emailVerified: null }
  const account = { providerAccountId: identifier, userId: user.id, type: "email" as const, provider: provider.id }
  const redirect = await authorizeSignIn(ctx, { user, account, email: { verificationRequest: true } })
  if (redirect) return { redirect, cookies }

  return sendLink(ctx, provider, identifier, `${origin}${config.basePath}`, callbackUrl, cookies, onLinkStored)
}

async function sendLink(
  ctx: Context,
  provider: EmailConfig,
  identifier: string,
  baseUrl: string,
  callbackUrl: string,
  cookies: Cookie[],
  onLinkStored: ((storedToken: string) => void) | undefined,
): Promise<ResponseInternal> {
  const { config } = ctx
  const token = (await provider.generateVerificationToken?.()) ?? newVerificationToken()
  const secret = provider.secret ?? config.secrets[0]!
  const expires = new Date(Date.now() + (provider.maxAge ?? EMAIL_MAX_AGE) * 1000)
  const stored = await hashVerificationToken(token, secret)
  await config.adapter!.createVerificationToken!({ identifier, token: stored, expires })
  onLinkStored?.(stored)

  const url = new URL(`${baseUrl}/callback/${encodeURIComponent(provider.id)}`)
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
