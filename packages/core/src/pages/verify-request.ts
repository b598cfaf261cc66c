/** The built-in "Check your email" page (`GET <base>/verify-request`), shown after an e-mail sign-in link is sent. */
import { escapeHtml } from "./escape.js"
import { renderDocument } from "./layout.js"
import { messagesFor } from "./locales/index.js"
import type { HtmlPage, PageContext } from "./types.js"

export interface VerifyRequestPageParams {
  /** `?provider=`: accepted for Auth.js compatibility and not rendered — the page reads the same for every provider. */
  provider?: string
  /**
   * `?purpose=verify-email`: the link sent confirms the address of a new account (the `Password` provider's sign-up),
   * so the page says that instead of "a sign in link has been sent".
   */
  purpose?: "verify-email"
}

/**
 * Renders the page, with a link back to the site (the origin of `baseUrl`), labelled "Back to the site". Status 200.
 */
export function renderVerifyRequest(ctx: PageContext, params: VerifyRequestPageParams): HtmlPage {
  const all = messagesFor(ctx.locale)
  const messages = all.verifyRequest
  const site = siteOf(ctx.baseUrl)
  // Auth.js shows the host name as the link text; a link that says where it goes is labelled in words
  // (docs/differences.md).
  const content = [
    `<h1>${escapeHtml(messages.heading)}</h1>`,
    `<p class="message">${escapeHtml(params.purpose === "verify-email" ? messages.verifyEmailMessage : messages.message)}</p>`,
    site ? `<p><a class="site" href="${escapeHtml(site.origin)}">${escapeHtml(all.backToSite)}</a></p>` : "",
  ].join("\n")
  return renderDocument(ctx, {
    status: 200,
    title: messages.title,
    pageClass: "verify-request",
    content,
    formAction: { targets: [ctx.baseUrl] },
  })
}

/** The site a page links back to: the origin of `baseUrl` (and its host). */
export function siteOf(baseUrl: string): { origin: string; host: string } | undefined {
  try {
    const { origin, host } = new URL(baseUrl)
    return { origin, host }
  } catch {
    return undefined
  }
}
