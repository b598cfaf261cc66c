/**
 * Sending the `Password` provider's mails after the answer: the answer to a sign-up or forgot request must not wait
 * for (and so reveal) whether a mail went out (PW-01, PW-05). Failures are logged, never shown; nothing of the mail
 * is logged. Where the runtime ends work with the response (some serverless hosts), `sendMail` should hand the mail
 * to a queue (docs/passwords.md).
 */
import { localeOf } from "../actions/pages.js"
import type { Context } from "../context.js"
import type { PasswordSetup } from "./setup.js"
import type { PasswordMailPurpose } from "./types.js"

const inFlight = new Set<Promise<void>>()
let held: (() => void)[] | undefined

/** Runs `work` after the answer; its failure is logged with `code`. */
export function afterAnswer(ctx: Context, code: string, work: () => Promise<void>): void {
  // Started on a later turn of the event loop: not a step of it runs before the answer is on its way.
  const start = new Promise<void>((resolve) => (held ? held.push(resolve) : setTimeout(resolve, 0)))
  const running = start
    .then(work)
    .catch((error: unknown) => ctx.config.logger.error(Object.assign(error instanceof Error ? error : new Error(String(error)), { code })))
    .finally(() => inFlight.delete(running))
  inFlight.add(running)
}

/**
 * Tests: work queued from now on waits until the returned function is called, so that what a request does before
 * its answer can be told from what it does after (PW-01, PW-05).
 */
export function holdAfterAnswer(): () => void {
  const queue: (() => void)[] = (held = [])
  return () => {
    held = undefined
    for (const start of queue) start()
  }
}

/** Resolves when every mail and write queued so far is done (tests, graceful shutdown). */
export async function settled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight])
}

/** The mail of `purpose`, in the request's language, through `sendMail` or the Nodemailer transport. */
export async function sendPasswordMail(
  ctx: Context,
  setup: PasswordSetup,
  mail: { purpose: PasswordMailPurpose; to: string; url: string; resetUrl?: string; expires?: Date },
): Promise<void> {
  const [{ passwordMailContent }, locale] = await Promise.all([import("./mail.js"), localeOf(ctx)])
  const content = passwordMailContent(mail.purpose, { url: mail.url, resetUrl: mail.resetUrl, host: new URL(ctx.baseUrl).host, locale, theme: ctx.config.theme, expires: mail.expires })
  await setup.send({ ...mail, locale, ...content })
}
