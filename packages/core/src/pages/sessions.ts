/**
 * The built-in "Your sessions" page (`GET <base>/sessions` from a browser): every place the user is signed in, the
 * browser showing the page marked "This device", a form ending each other session, and one ending all of them.
 *
 * Dates are shown in UTC and say so: the page runs no script, so it cannot learn the visitor's time zone, and the
 * server's own zone would be a guess without a label.
 */
import { escapeHtml } from "./escape.js"
import { renderDocument } from "./layout.js"
import { messagesFor, type Locale, type Messages } from "./locales/index.js"
import type { HtmlPage, PageContext } from "./types.js"
import { shortUserAgent, userAgentParts } from "./user-agent.js"
import { siteOf } from "./verify-request.js"

/** One session as the page shows it: the JSON answer of `GET <base>/sessions`, item for item. */
export interface SessionsPageEntry {
  /** Opaque handle, posted back as `id` to end the session; never the session token. */
  id: string
  /** The session of the browser showing the page ("This device"): it gets no "Sign out" button of its own. */
  current: boolean
  /** ISO 8601, or null when the store did not record it. */
  createdAt: string | null
  /** ISO 8601, or null when the store did not record it. */
  lastActiveAt: string | null
  /** ISO 8601. */
  expires: string
  /** The raw `User-Agent` header: untrusted text, only ever shown escaped. */
  userAgent: string | null
  ip: string | null
}

/** What the revoke that redirected here did: how many other sessions ended, or that the handle matched none. */
export type SessionsPageNotice = { revoked: number } | { notFound: true }

/**
 * Why the page lists nothing (issue 25 item 9), each said in words: `signed-out` (this browser has no live session:
 * none, expired or revoked; 401, with a "Sign in" link), `not-recorded` (a JWT session the registry could not record,
 * warning `session-not-recorded`; 200), `unsupported` (no session registry; 501), `unavailable` (the registry could not
 * be reached; 503). Without a reason, an empty list says that even this device's session was not found.
 */
export type SessionsPageReason = "signed-out" | "not-recorded" | "unsupported" | "unavailable"

const reasonStatus: Record<SessionsPageReason, number> = { "signed-out": 401, "not-recorded": 200, unsupported: 501, unavailable: 503 }

/**
 * Renders the sessions in the order given (newest sign-in first, as the action lists them). Each other session gets
 * a form posting `csrfToken` and `id` to `${baseUrl}/sessions/revoke`; with more than one session, a form posting
 * `all=true` ends every other one. Status 200, or the status of `why.reason` (see {@link SessionsPageReason}).
 * `why.signInUrl` is the signed-out page's "Sign in" link (the sign-in page, coming back here).
 *
 * @example
 * renderSessions(ctx, sessions, revoked === undefined ? undefined : { revoked })
 * renderSessions(ctx, [], undefined, { reason: "signed-out", signInUrl })
 */
export function renderSessions(
  ctx: PageContext,
  entries: readonly SessionsPageEntry[],
  notice?: SessionsPageNotice,
  why: { reason?: SessionsPageReason; signInUrl?: string } = {},
): HtmlPage {
  const messages = messagesFor(ctx.locale).sessions
  const revokeUrl = `${ctx.baseUrl}/sessions/revoke`
  const formatDate = utcDateFormatter(ctx.locale)
  const csrfInput = `<input type="hidden" name="csrfToken" value="${escapeHtml(ctx.csrfToken)}">`

  const items = entries.map((entry, index) => {
    const deviceId = `session-${index}-device`
    const lines = [
      entry.ip ? messages.ipAddress(entry.ip) : undefined,
      withDate(formatDate(entry.createdAt), messages.signedIn),
      withDate(formatDate(entry.lastActiveAt), messages.lastActive),
    ].filter((line): line is string => line !== undefined)
    const badge = entry.current ? ` <span class="badge">${escapeHtml(messages.thisDevice)}</span>` : ""
    // The buttons all read "Sign out": each names its device to a screen reader through aria-describedby.
    const form = entry.current
      ? ""
      : [
          `<form method="post" action="${escapeHtml(revokeUrl)}">`,
          csrfInput,
          `<input type="hidden" name="id" value="${escapeHtml(entry.id)}">`,
          `<button type="submit" class="button button-small" aria-describedby="${deviceId}">${escapeHtml(messages.revoke)}</button>`,
          "</form>",
        ].join("\n")
    return [
      `<li class="session${entry.current ? " session-current" : ""}">`,
      '<div class="session-info">',
      `<p class="session-device"><span id="${deviceId}">${escapeHtml(deviceName(entry.userAgent, messages))}</span>${badge}</p>`,
      ...lines.map((line) => `<p class="session-meta">${escapeHtml(line)}</p>`),
      "</div>",
      form,
      "</li>",
    ]
      .filter(Boolean)
      .join("\n")
  })

  const footer =
    entries.length > 1
      ? [
          `<form method="post" action="${escapeHtml(revokeUrl)}">`,
          csrfInput,
          '<input type="hidden" name="all" value="true">',
          `<button type="submit" class="button button-primary">${escapeHtml(messages.revokeOthers)}</button>`,
          "</form>",
        ].join("\n")
      : entries.length === 1 && entries[0]!.current
        ? `<p class="message">${escapeHtml(messages.onlySession)}</p>`
        : ""

  // The way back to the app: the page is reached from it. Words, not the host name (docs/differences.md).
  const site = siteOf(ctx.baseUrl)
  const content = [
    `<h1>${escapeHtml(messages.heading)}</h1>`,
    noticeBox(notice, messages),
    reasonBox(why.reason, entries.length, messages),
    why.reason === "signed-out" && why.signInUrl
      ? `<a class="button button-primary" href="${escapeHtml(why.signInUrl)}">${escapeHtml(messages.signIn)}</a>`
      : "",
    items.length ? `<ul class="session-list">\n${items.join("\n")}\n</ul>` : "",
    footer,
    site ? `<p><a class="site" href="${escapeHtml(site.origin)}">${escapeHtml(messagesFor(ctx.locale).backToSite)}</a></p>` : "",
  ]
    .filter(Boolean)
    .join("\n")

  return renderDocument(ctx, {
    status: why.reason ? reasonStatus[why.reason] : 200,
    title: messages.title,
    pageClass: "sessions",
    content,
    // A revoke redirects back to this page, on the same origin as the form target.
    formAction: { targets: [revokeUrl, `${ctx.baseUrl}/sessions`] },
  })
}

/**
 * "Firefox on Linux" when both parts are recognised, one of them when only one is, else the raw header cut short
 * (a person may still recognise "MyApp/2.1 okhttp"), or "Unknown device" when there was none.
 */
function deviceName(userAgent: string | null, messages: Messages["sessions"]): string {
  const raw = userAgent?.trim()
  if (!raw) return messages.unknownDevice
  const { browser, os } = userAgentParts(raw)
  if (browser && os) return messages.browserOn(browser, os)
  return browser ?? os ?? shortUserAgent(raw)
}

/** `format(date)`, or nothing when the date is unknown. */
function withDate(date: string | undefined, format: (date: string) => string): string | undefined {
  return date === undefined ? undefined : format(date)
}

/** ISO 8601 → "Nov 25, 2026, 1:06 AM UTC" in the locale's style; undefined for null or an unparsable value. */
function utcDateFormatter(locale: Locale): (iso: string | null) => string | undefined {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
  return (iso) => {
    if (!iso) return undefined
    const date = new Date(iso)
    // `dateStyle` cannot be combined with `timeZoneName`, so the zone is named after the formatted text, joined by a
    // no-break space so that a line never starts with it.
    return Number.isNaN(date.getTime()) ? undefined : `${format.format(date)}\u00a0UTC`
  }
}

/**
 * The outcome of the revoke that redirected here. A count that is not a whole number (the action parses it from the
 * query) shows nothing rather than "NaN".
 */
function noticeBox(notice: SessionsPageNotice | undefined, messages: Messages["sessions"]): string {
  if (!notice) return ""
  if ("notFound" in notice) return `<div class="alert" role="alert"><p>${escapeHtml(messages.notFound)}</p></div>`
  if (!Number.isSafeInteger(notice.revoked) || notice.revoked < 0) return ""
  return `<div class="notice" role="status"><p>${escapeHtml(messages.revoked(notice.revoked))}</p></div>`
}

/**
 * Why nothing (or not this device's session) is listed. A store that could not be reached is an alert; the other
 * reasons are facts of the site or the account, said as a message.
 */
function reasonBox(reason: SessionsPageReason | undefined, count: number, messages: Messages["sessions"]): string {
  if (reason === "unavailable") return `<div class="alert" role="alert"><p>${escapeHtml(messages.unavailable)}</p></div>`
  const text =
    reason === "signed-out"
      ? messages.signedOut
      : reason === "not-recorded"
        ? messages.notRecorded
        : reason === "unsupported"
          ? messages.unsupported
          : count === 0
            ? messages.empty
            : undefined
  return text ? `<p class="message">${escapeHtml(text)}</p>` : ""
}
