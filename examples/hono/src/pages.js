/**
 * The example's own pages, rendered on the server with Hono's `html` template tag, which escapes every interpolated
 * value (a `raw()` or nested `html` fragment is inserted as it is). The sign-in and sign-out pages are Gatehouse's
 * built-in ones. The pages run no script and load one stylesheet from this origin; the CSP allows exactly that.
 */
import { html } from "hono/html"
import { AUTH_BASE_PATH } from "./auth.js"

export const stylesheet = `
:root { --bg: #f3f4f6; --card: #fff; --border: #e5e7eb; --text: #111827; --muted: #4b5563; --accent: #ea580c; --link: #c2410c; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b0f14; --card: #161b22; --border: #30363d; --text: #f0f3f6; --muted: #9ea7b3; --link: #fdba74; } }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 ui-sans-serif, system-ui, sans-serif; }
header { display: flex; justify-content: space-between; gap: 1rem; max-width: 44rem; margin: 0 auto; padding: 1.25rem 1.5rem; }
header .brand { font-weight: 700; color: var(--text); text-decoration: none; }
nav { display: flex; gap: 1.25rem; }
main { max-width: 44rem; margin: 0 auto; padding: 0 1.5rem 3rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.5rem 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.05rem; margin: 1.75rem 0 0.5rem; }
.muted { color: var(--muted); }
a { color: var(--link); }
.button { display: inline-block; border-radius: 0.5rem; padding: 0.6rem 1.1rem; background: var(--accent); color: #fff; font-weight: 600; text-decoration: none; }
.button.secondary { background: transparent; color: var(--text); border: 1px solid var(--border); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.25rem 0 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.45rem 0.75rem 0.45rem 0; border-bottom: 1px solid var(--border); }
pre, code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.875rem; }
pre { background: var(--bg); border: 1px solid var(--border); border-radius: 0.5rem; padding: 0.75rem 1rem; overflow-x: auto; }
.message { border-top: 1px solid var(--border); padding: 1rem 0 0.25rem; overflow-wrap: anywhere; }
`

/** The headers of every page: HTML, the CSP (this origin's stylesheet, nothing else), no framing, no caching. */
export const pageHeaders = {
  "Content-Security-Policy": "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin",
  "Cache-Control": "no-store",
}

const signInUrl = (callbackUrl) => `${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl })}`

function layout(title, body) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Gatehouse on Hono</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header>
<a class="brand" href="/">Gatehouse on Hono</a>
<nav><a href="/">Home</a><a href="/private">Private page</a><a href="/outbox">Outbox</a></nav>
</header>
<main><div class="card">
${body}
</div></main>
</body>
</html>
`
}

/** "Alice (alice@example.com)" */
function displayName(user) {
  const name = user?.name || user?.email || "an unnamed user"
  return user?.name && user?.email ? `${name} (${user.email})` : name
}

const signInMethods = { credentials: "with a password", email: "with a link sent by e-mail", "demo-idp": "through the Demo IdP" }

/**
 * The home page. Signed out: the ways to sign in and the demo accounts. Signed in (`authUser` from `getAuthUser(c)`):
 * who, how, the `authUser` the route received, and links to the private page, the JSON API, the sessions page and
 * Gatehouse's sign-out page.
 */
export function homePage({ authUser, users, idpAccounts }) {
  if (!authUser) {
    return layout(
      "Home",
      html`<h1>Welcome</h1>
<p>You are not signed in. This example signs you in with a password (the accounts below), with an e-mail link (the
example sends no mail: its <a href="/outbox">outbox</a> shows the link)${idpAccounts.length ? html`, or through the Demo IdP, an OpenID Provider on loopback` : ""}.</p>
<div class="actions"><a class="button" href="${signInUrl("/")}">Sign in</a><a class="button secondary" href="/private">Try the private page</a></div>
<h2>Demo accounts</h2>
<table>
<thead><tr><th>Username</th><th>Password</th><th>Name</th></tr></thead>
<tbody>${users.map((u) => html`<tr><td><code>${u.username}</code></td><td><code>${u.password}</code></td><td>${u.name}</td></tr>`)}</tbody>
</table>
${idpAccounts.length ? html`<h2>Demo IdP accounts</h2><p class="muted">Choose “Sign in with Demo IdP”, then one of: ${idpAccounts.map((a) => a.name).join(", ")}.</p>` : ""}`,
    )
  }
  const { session, token } = authUser
  const how = signInMethods[session.provider] ?? (session.provider ? `with ${session.provider}` : "")
  return layout(
    "Home",
    html`<h1>Signed in as ${displayName(session.user)}</h1>
${how ? html`<p>You signed in <strong>${how}</strong>.</p>` : ""}
<p class="muted">What <code>getAuthUser(c)</code> returned for this page (<code>session</code> and the JWT's claims):</p>
<pre>${JSON.stringify({ session, token: { sub: token?.sub, provider: token?.provider, exp: token?.exp } }, null, 2)}</pre>
<div class="actions">
<a class="button secondary" href="/private">Private page</a>
<a class="button secondary" href="/api/me">/api/me (JSON)</a>
<a class="button secondary" href="${AUTH_BASE_PATH}/sessions">Your sessions</a>
<a class="button" href="${AUTH_BASE_PATH}/signout">Sign out</a>
</div>`,
  )
}

export function privatePage({ authUser }) {
  return layout(
    "Private page",
    html`<h1>Private page</h1>
<p>Only signed-in users see this page. Hello, ${authUser.session.user?.name ?? authUser.session.user?.email ?? "there"}!</p>
<p class="muted">The route asks <code>getAuthUser(c)</code>; signed out, it sends the browser to the sign-in page, which brings it back here.</p>
<div class="actions"><a class="button secondary" href="/">Back home</a></div>`,
  )
}

/** Where an e-mail sign-in lands (`pages.verifyRequest`): the way to the outbox, since no real mail is sent. */
export function checkEmailPage() {
  return layout(
    "Check your email",
    html`<h1>Check your email</h1>
<p>A sign-in link has been sent to your email address.</p>
<p class="muted">This example sends no real mail: open the outbox and click the link there. It works once, for 10 minutes.</p>
<div class="actions"><a class="button" href="/outbox">Open the outbox</a></div>`,
  )
}

/** The e-mails the example "sent" (examples/demo/src/outbox.js), newest first, each with its link. */
export function outboxPage({ messages }) {
  return layout(
    "Outbox",
    html`<h1>Outbox</h1>
<p class="muted">The sign-in e-mails, kept here instead of sent, so that a link can be clicked offline. Anyone who
opens this page can use them: fine on your own machine (the example listens on 127.0.0.1), never in a real app.</p>
${messages.length
  ? messages.map((m) => html`<section class="message"><p>To <strong>${m.to}</strong>: ${m.subject}</p><div class="actions"><a class="button" href="${m.link}">Sign in as ${m.to}</a></div></section>`)
  : html`<p>No messages. On the <a href="${signInUrl("/")}">sign-in page</a>, enter any e-mail address in the e-mail form.</p>`}`,
  )
}

export function errorPage({ status, message }) {
  return layout(message, html`<h1>${status} · ${message}</h1><div class="actions"><a class="button secondary" href="/">Back home</a></div>`)
}
