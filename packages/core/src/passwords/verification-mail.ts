/** The mail proving a new address: a single-use link to `GET {basePath}/verify-email`, stored hashed (link-token.ts). */
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import { identifierOf, newLinkToken } from "./link-token.js"
import { sendPasswordMail } from "./mail-send.js"
import type { PasswordSetup } from "./setup.js"

export async function sendVerification(ctx: Context, setup: PasswordSetup, user: AdapterUser, base: string, callbackUrl: string): Promise<void> {
  const { config } = ctx
  const { token, stored } = await newLinkToken(user.id, config.secrets[0]!)
  const expires = new Date(config.now() + setup.verifyMaxAge * 1000)
  await config.adapter!.createVerificationToken!({ identifier: identifierOf("verify-email", user.id), token: stored, expires })
  const url = new URL(`${base}/verify-email`)
  url.searchParams.set("token", token)
  url.searchParams.set("callbackUrl", callbackUrl)
  await sendPasswordMail(ctx, setup, { purpose: "verify-email", to: user.email, url: url.href, expires })
}
