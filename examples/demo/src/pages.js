/**
 * The demo's own pages (the sign-in and sign-out pages are Gatehouse's built-in ones). Plain template strings: every
 * value from a session, a request or the user list goes through `escapeHtml`. The pages load nothing from elsewhere
 * and run no script, so the CSP allows exactly one inline stylesheet, by hash; a page with a script of its own
 * (`/tokens`, tokens-page.js) allows that one script by hash too (`pageHeadersWithScript`).
 */
import { createHash } from "node:crypto"
import { AUTH_BASE_PATH } from "./auth.js"

const css = `
:root {
  --bg: #f3f4f6; --card: #fff; --border: #e5e7eb; --text: #111827; --muted: #4b5563;
  --accent: #2563eb; --accent-text: #fff; --link: #1d4ed8; --code-bg: #f9fafb;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b0f14; --card: #161b22; --border: #30363d; --text: #f0f3f6; --muted: #9ea7b3;
    --accent: #2563eb; --accent-text: #fff; --link: #79c0ff; --code-bg: #0d1117;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
header {
  display: flex; align-items: center; justify-content: space-between; gap: 1rem;
  max-width: 44rem; margin: 0 auto; padding: 1.25rem 1.5rem;
}
header .brand { font-weight: 700; color: var(--text); text-decoration: none; }
nav { display: flex; gap: 1.25rem; }
main { max-width: 44rem; margin: 0 auto; padding: 0 1.5rem 3rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.5rem 2rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 0.75rem; }
h2 { font-size: 1.05rem; margin: 1.75rem 0 0.5rem; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); }
a { color: var(--link); }
a:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.button {
  display: inline-block; border: 0; border-radius: 0.5rem; padding: 0.6rem 1.1rem; cursor: pointer;
  background: var(--accent); color: var(--accent-text); font: inherit; font-weight: 600; text-decoration: none;
}
.button.secondary { background: transparent; color: var(--text); border: 1px solid var(--border); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin: 1.25rem 0 0; }
.actions form { margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.45rem 0.75rem 0.45rem 0; border-bottom: 1px solid var(--border); }
th { font-weight: 600; color: var(--muted); font-size: 0.875rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem; }
pre {
  background: var(--code-bg); border: 1px solid var(--border); border-radius: 0.5rem;
  padding: 0.75rem 1rem; overflow-x: auto; margin: 0;
}
.note { border-left: 3px solid var(--accent); padding: 0.25rem 0 0.25rem 0.75rem; }
.message { border-top: 1px solid var(--border); padding: 1rem 0 0.25rem; }
.message:first-of-type { margin-top: 1.25rem; }
.message p { margin: 0 0 0.5rem; }
.message .subject { font-weight: 600; }
.message .link { overflow-wrap: anywhere; font-size: 0.8rem; }
.message pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.5rem 0; }
.message details { margin: 0.5rem 0; }
.message summary { cursor: pointer; color: var(--muted); font-size: 0.875rem; }
.message .actions { margin: 0.5rem 0 0.5rem; }
`

/** The CSP source of an inline `<style>` or `<script>` element's exact text. */
function hashSource(text) {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`
}

/** The CSP of the app's pages: nothing loaded, the stylesheet above, `scripts` (inline, by hash) and nothing else. */
function contentSecurityPolicy(scripts) {
  return [
    "default-src 'none'",
    `style-src ${hashSource(css)}`,
    ...(scripts.length ? [`script-src ${scripts.map(hashSource).join(" ")}`] : []),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ")
}

/** The headers of every page of the app: HTML, the CSP above, no framing, no sniffing, no caching of session data. */
export const pageHeaders = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": contentSecurityPolicy([]),
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  // As the built-in pages: no path or query to other sites, but same-origin form posts keep a real `Origin`.
  "Referrer-Policy": "strict-origin",
  "Cache-Control": "no-store",
}

/**
 * `pageHeaders` for a page that runs `script`, one inline script of fixed text (no value of a request in it: the page
 * hands it data in `data-*` attributes), which the CSP allows by its hash.
 *
 * @example
 * const countdownHeaders = pageHeadersWithScript(countdownScript) // then <script>${countdownScript}</script>
 */
export function pageHeadersWithScript(script) {
  return { ...pageHeaders, "Content-Security-Policy": contentSecurityPolicy([script]) }
}

const htmlEscapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Escapes `& < > " '`: safe as element text and inside double-quoted attributes. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => htmlEscapes[char])
}

/** The frame of every page: head, stylesheet, the header's navigation, and `body` (HTML) in a card. */
export function layout({ title, body }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gatehouse demo</title>
<style>${css}</style>
</head>
<body>
<header>
<a class="brand" href="/">Gatehouse demo</a>
<nav><a href="/">Home</a><a href="/private">Private page</a><a href="/outbox">Outbox</a></nav>
</header>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>
`
}

/** Who is signed in, as the home page says it: "Alice (alice@example.com)". */
function displayName(user) {
  const name = user?.name || user?.email || "an unnamed user"
  return user?.name && user?.email ? `${name} (${user.email})` : name
}

/** How a session was signed in to, by provider id: "Signed in … with a password". */
const signInMethods = {
  password: "with a password",
  email: "with a link sent by e-mail",
  "demo-idp": "through the Demo IdP",
  passkey: "with a passkey",
}

/** The sentence under "Signed in as …": how, from `session.signedInWith` (a provider id, see auth.js). */
function signInMethodSentence(provider) {
  if (!provider) {
    return `<p class="muted">How you signed in is not known: the demo remembers it in memory only, and the server has restarted since. The session itself is in the database, so it lived on.</p>`
  }
  const how = signInMethods[provider] ?? `with ${provider}`
  return `<p>You signed in <strong>${escapeHtml(how)}</strong>.</p>`
}

/**
 * The home page. Signed out: a sign-in link, a link to create an account (`/auth/signup`), the ways to sign in
 * (passwords of the demo accounts or of an account made there, an e-mail link through the outbox, a passkey finished
 * by such a link and, when the Demo IdP runs, its accounts). Signed in: who,
 * how, the session as the client sees it, a link to Gatehouse's built-in "Your sessions" page (every signed-in browser,
 * each one revocable), and a sign-out button (a form posting the CSRF token to the sign-out endpoint).
 */
export function homePage({ session, accounts, idpAccounts = [], signInUrl, signUpUrl, signOutUrl, csrfToken, sessionsUrl = `${AUTH_BASE_PATH}/sessions` }) {
  if (!session) {
    const rows = accounts
      .map((a) => `<tr><td><code>${escapeHtml(a.email)}</code></td><td><code>${escapeHtml(a.password)}</code></td><td>${escapeHtml(a.name)}</td></tr>`)
      .join("\n")
    const idpRows = idpAccounts
      .map((a) => `<tr><td>${escapeHtml(a.name)}</td><td>${escapeHtml(a.email)}</td></tr>`)
      .join("\n")
    const idpWay = idpAccounts.length
      ? `\n<li><strong>Through the Demo IdP</strong>, the demo's own OpenID Provider (OAuth sign-in, offline).</li>`
      : ""
    const idpSection = idpAccounts.length
      ? `
<h2>Demo IdP accounts</h2>
<p class="muted">Choose “Sign in with Demo IdP”, then pick one of these on the IdP's page; no password.</p>
<table>
<thead><tr><th>Name</th><th>E-mail</th></tr></thead>
<tbody>
${idpRows}
</tbody>
</table>`
      : ""
    return layout({
      title: "Home",
      body: `<h1>Welcome</h1>
<p>You are not signed in. This demo signs you in:</p>
<ul>
<li><strong>With an e-mail address and a password</strong>: the demo accounts below, or <a href="${escapeHtml(signUpUrl)}">create an account</a> (the link confirming your address arrives in the <a href="/outbox">outbox</a>; “Forgot your password?” on the sign-in page mails a reset link there too).</li>
<li><strong>With an e-mail link</strong>, to any address: the demo sends no mail, its <a href="/outbox">outbox</a> shows the link.</li>
<li><strong>With a passkey</strong>: type your address on the sign-in page and press “Create a passkey”. It is finished by a link e-mailed to that address (see the <a href="/outbox">outbox</a>), opened in this browser; then sign in with the passkey, or pick it from the browser's suggestions.</li>${idpWay}
</ul>
<p class="muted">Sessions are rows in a SQLite database; the browser holds only the session token, in a cookie.</p>
<div class="actions"><a class="button" href="${escapeHtml(signInUrl)}">Sign in</a><a class="button secondary" href="${escapeHtml(signUpUrl)}">Create an account</a><a class="button secondary" href="/private">Try the private page</a></div>
<h2>Demo accounts</h2>
<table>
<thead><tr><th>E-mail</th><th>Password</th><th>Name</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>${idpSection}`,
    })
  }
  return layout({
    title: "Home",
    body: `<h1>Signed in as ${escapeHtml(displayName(session.user))}</h1>
${signInMethodSentence(session.signedInWith)}
<p class="muted">Your session, as <code>auth(request)</code> returns it:</p>
<pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre>
<div class="actions">
${session.signedInWith === "demo-idp" ? `<a class="button secondary" href="/tokens">Call an API with your Demo IdP token</a>\n` : ""}<a class="button secondary" href="/private">Private page</a>
<a class="button secondary" href="${escapeHtml(sessionsUrl)}">Your sessions</a>
<form method="post" action="${escapeHtml(signOutUrl)}">
<input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="callbackUrl" value="/">
<button class="button" type="submit">Sign out</button>
</form>
</div>`,
  })
}

/**
 * Where Gatehouse sends the browser once it has mailed a link (`pages.verifyRequest`), instead of its built-in "Check
 * your email": the same message — for `purpose` `verify-email` (after a sign-up, or a password sign-in of an address not
 * yet confirmed) the link confirming the address, otherwise a sign-in link — and the way to the outbox, since the demo
 * sends no real mail.
 */
export function checkEmailPage({ purpose } = {}) {
  const [sent, lifetime] =
    purpose === "verify-email"
      ? ["A link to confirm your address has been sent to your email address.", "The link works once, for 24 hours; it signs you in."]
      : ["A sign-in link has been sent to your email address.", "The link works once, for 10 minutes."]
  return layout({
    title: "Check your email",
    body: `<h1>Check your email</h1>
<p>${sent}</p>
<p class="note muted">This demo sends no real mail: its mail transport keeps each message in a local outbox. Open it and click the link there. ${lifetime}</p>
<div class="actions"><a class="button" href="/outbox">Open the outbox</a><a class="button secondary" href="/">Back home</a></div>`,
  })
}

/** "12:04:05 UTC" */
function timeOfDay(date) {
  return `${date.toISOString().slice(11, 19)} UTC`
}

/** "12:04:05 UTC" on the day of `since`, else "2026-11-29 12:04:05 UTC" (a link that lives a day). */
function timeFrom(date, since) {
  const sameDay = date.toISOString().slice(0, 10) === since.toISOString().slice(0, 10)
  return sameDay ? timeOfDay(date) : `${date.toISOString().slice(0, 10)} ${timeOfDay(date)}`
}

/** A message's links as buttons (the first one primary), then "View the mail". */
function messageActions(m) {
  const buttons = m.links.map(({ label, href }, i) => `<a class="button${i ? " secondary" : ""}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`)
  return `<div class="actions">${buttons.join("")}<a href="/outbox/${escapeHtml(m.id)}">View the mail</a></div>`
}

/**
 * The outbox: the e-mails the demo "sent" (sign-in links, and the `Password` provider's confirm, reset and "you already
 * have an account" mails), newest first, each with its links to click; or how to get one.
 */
export function outboxPage({ messages, signInUrl, signUpUrl }) {
  const list = messages
    .map(
      (m) => `<section class="message">
<p class="muted"><time datetime="${escapeHtml(m.time.toISOString())}">${escapeHtml(timeOfDay(m.time))}</time> · to <strong>${escapeHtml(m.to)}</strong></p>
<p class="subject">${escapeHtml(m.subject)}</p>
${messageActions(m)}
${m.links.map(({ href }) => `<p class="link"><code>${escapeHtml(href)}</code></p>`).join("\n")}
<p class="muted">${m.singleUse ? "The link works once; it expires at" : "Kept here until"} ${escapeHtml(timeFrom(m.expires, m.time))}.</p>
<details><summary>Plain-text part</summary><pre>${escapeHtml(m.text)}</pre></details>
</section>`,
    )
    .join("\n")
  const empty = `<p>No messages. On the <a href="${escapeHtml(signInUrl)}">sign-in page</a>, enter any e-mail address in the e-mail form, or <a href="${escapeHtml(signUpUrl)}">create an account</a>: the link arrives here.</p>`
  return layout({
    title: "Outbox",
    body: `<h1>Outbox</h1>
<p class="muted">The demo's mail transport keeps the e-mails here instead of sending them, so that their links can be clicked offline. The page shows every address's messages to whoever opens it: fine for a demo on your own machine (by default it listens on 127.0.0.1 only), never for a real app. Messages are kept in memory until their link expires.</p>
<div class="actions"><a class="button secondary" href="/outbox">Refresh</a></div>
${messages.length ? list : empty}`,
  })
}

/**
 * The headers of a stored mail's HTML part, shown as the recipient's mail client would: a sandboxed document (no
 * script, no access to the app's origin) allowed only its inline styles. Its link navigates the page itself.
 */
export const mailHeaders = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin",
  "Cache-Control": "no-store",
}

/** The page behind `auth(handler)`: only signed-in users reach it. */
export function privatePage({ session }) {
  return layout({
    title: "Private page",
    body: `<h1>Private page</h1>
<p>Only signed-in users see this page. Hello, ${escapeHtml(session.user?.name ?? session.user?.email ?? "there")}!</p>
<p class="muted">It is wrapped with <code>auth(handler)</code>: without a session, the <code>authorized</code> callback sends the browser to the sign-in page, which brings it back here afterwards.</p>
<p class="muted">Session expires ${escapeHtml(session.expires)}.</p>
<div class="actions"><a class="button secondary" href="/">Back home</a></div>`,
  })
}

/** A 4xx/5xx page that says what happened and nothing about the server's insides. */
export function errorPage({ status, message }) {
  return layout({
    title: message,
    body: `<h1>${escapeHtml(message)}</h1>
<p class="muted">HTTP ${escapeHtml(status)}</p>
<div class="actions"><a class="button secondary" href="/">Back home</a></div>`,
  })
}
