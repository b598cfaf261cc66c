/** The built-in sign-out confirmation page (`GET <base>/signout`): signing out itself is a POST with the CSRF token. */
import { escapeHtml } from "./escape.js"
import { renderDocument } from "./layout.js"
import { messagesFor } from "./locales/index.js"
import type { HtmlPage, PageContext } from "./types.js"

/**
 * Renders "Are you sure you want to sign out?" with a form posting to `${baseUrl}/signout` (never to the current
 * URL) with the CSRF token and the callback URL. Status 200.
 */
export function renderSignOut(ctx: PageContext): HtmlPage {
  const messages = messagesFor(ctx.locale).signOut
  const action = `${ctx.baseUrl}/signout`
  const content = [
    `<h1>${escapeHtml(messages.heading)}</h1>`,
    `<p class="message">${escapeHtml(messages.question)}</p>`,
    `<form method="post" action="${escapeHtml(action)}">`,
    `<input type="hidden" name="csrfToken" value="${escapeHtml(ctx.csrfToken)}">`,
    `<input type="hidden" name="callbackUrl" value="${escapeHtml(ctx.callbackUrl)}">`,
    `<button type="submit" class="button button-primary">${escapeHtml(messages.button)}</button>`,
    "</form>",
  ].join("\n")
  return renderDocument(ctx, {
    status: 200,
    title: messages.title,
    pageClass: "signout",
    content,
    // The sign-out POST redirects to the callback URL.
    formAction: { targets: [action, ctx.callbackUrl] },
  })
}
