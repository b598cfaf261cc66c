/**
 * The `/tokens` page: the signed-in user's Demo IdP access token as `getAccessToken` handed it out (its last six
 * characters, type, scope and expiry), the answer of the IdP's API called with it, and the expiry counting down — the
 * app's one inline script, of fixed text, allowed by hash. Reloading, or "Call the API again", shows a refresh happen:
 * a new token, a later expiry, one more refresh counted by the IdP.
 */
import { escapeHtml, layout, pageHeadersWithScript } from "./pages.js"

/** How much of the token the page shows: enough to see it change, too little to use. */
const SHOWN_CHARACTERS = 6

/**
 * Counts down to `data-expires-at` (seconds since the epoch) in `#countdown`, and says when the next call will refresh
 * first (`data-refresh-within` seconds before). The server renders the same text, for a browser without script.
 * Plain string concatenation: its exact text is hashed into the CSP.
 */
export const countdownScript = `
const countdown = document.getElementById("countdown")
const expiresAt = Number(countdown.dataset.expiresAt)
const refreshWithin = Number(countdown.dataset.refreshWithin)
const tick = () => {
  const left = expiresAt - Date.now() / 1000
  if (left <= 0) countdown.textContent = "expired: the next call gets a new token"
  else if (left <= refreshWithin) countdown.textContent = Math.ceil(left) + " s left: the next call refreshes it first"
  else countdown.textContent = Math.ceil(left) + " s left"
}
tick()
setInterval(tick, 1000)
`

/** The headers of the page that runs `countdownScript`. */
export const tokensPageHeaders = pageHeadersWithScript(countdownScript)

/** The countdown as the script words it, for the first render. */
function countdownText(expiresAt, refreshWithin) {
  const left = expiresAt - Date.now() / 1000
  if (left <= 0) return "expired: the next call gets a new token"
  if (left <= refreshWithin) return `${Math.ceil(left)} s left: the next call refreshes it first`
  return `${Math.ceil(left)} s left`
}

/** "12:04:05 UTC" */
function timeOfDay(date) {
  return `${date.toISOString().slice(11, 19)} UTC`
}

/** The API call as an HTTP exchange: the request (the token shortened to `suffix`) and the answer, or what failed. */
function apiExchange({ answer, apiUrl, suffix }) {
  const url = new URL(apiUrl)
  const request = `GET ${url.pathname} HTTP/1.1\nHost: ${url.host}\nAuthorization: Bearer ${suffix}`
  if (answer.error) {
    return `<pre>${escapeHtml(request)}</pre>
<p class="note">${escapeHtml(answer.error)} Try again in a moment.</p>`
  }
  const exchange = `<pre id="api-answer">${escapeHtml(`${request}\n\nHTTP/1.1 ${answer.status}\n${JSON.stringify(answer.body, null, 2)}`)}</pre>`
  if (answer.status === 200) return exchange
  const advice = answer.status === 401
    ? "The Demo IdP refused the token. It forgets every token when the demo restarts: sign out, then sign in with the Demo IdP again."
    : "The Demo IdP's API did not answer as expected."
  return `${exchange}
<p class="note">${escapeHtml(advice)}</p>`
}

/**
 * The page with a token: `token` from `getAccessToken` (`{ accessToken, expiresAt, scope, tokenType }`), `answer`
 * from `callHelloApi`, `minValidity` the margin the token was asked for with, `accessTokenTtl` the IdP's lifetime of
 * an access token and `apiUrl` the API's URL (both from `startIdp`).
 */
export function tokensPage({ token, answer, minValidity, accessTokenTtl, apiUrl }) {
  const suffix = `…${token.accessToken.slice(-SHOWN_CHARACTERS)}`
  const expiry = token.expiresAt === null
    ? `<td>not said by the IdP</td>`
    : `<td><time id="token-expires" datetime="${escapeHtml(new Date(token.expiresAt * 1000).toISOString())}">${escapeHtml(timeOfDay(new Date(token.expiresAt * 1000)))}</time> · <span id="countdown" data-expires-at="${escapeHtml(token.expiresAt)}" data-refresh-within="${escapeHtml(minValidity)}">${escapeHtml(countdownText(token.expiresAt, minValidity))}</span></td>`
  const answered = answer.status === 200 && answer.body
  const refreshes = answered
    ? `<tr><th>Refreshes</th><td><span id="refresh-count">${escapeHtml(answer.body.refreshes)}</span> <span class="muted">(refresh requests the Demo IdP has answered for ${escapeHtml(answer.body.sub)} since it started)</span></td></tr>`
    : ""
  return layout({
    title: "Your Demo IdP access token",
    body: `<h1>Your Demo IdP access token</h1>
<p>On the server, this page asks Gatehouse for your access token at the Demo IdP, <code>getAccessToken(req, res, "demo-idp", { minValidity: ${escapeHtml(minValidity)} })</code>, and calls the IdP's API with it.</p>
<p class="muted">The Demo IdP's access tokens live ${escapeHtml(accessTokenTtl)} seconds. When one has ${escapeHtml(minValidity)} seconds or less left, Gatehouse first trades the refresh token for new tokens at the IdP (which rotates refresh tokens) and stores them in the database, once for all concurrent calls. Wait for the countdown, then call the API again.</p>
<h2>The access token</h2>
<table>
<tbody>
<tr><th>Token</th><td><code id="token-suffix">${escapeHtml(suffix)}</code> <span class="muted">(its last ${SHOWN_CHARACTERS} characters)</span></td></tr>
<tr><th>Expires</th>${expiry}</tr>
<tr><th>Type</th><td>${escapeHtml(token.tokenType ?? "not said")}</td></tr>
<tr><th>Scope</th><td>${escapeHtml(token.scope ?? "not said")}</td></tr>
${refreshes}
</tbody>
</table>
<h2>The API call</h2>
<p class="muted">From the server, to the Demo IdP's API, with the token:</p>
${apiExchange({ answer, apiUrl, suffix })}
<div class="actions">
<form method="get" action="/tokens"><button class="button" type="submit">Call the API again</button></form>
<a class="button secondary" href="/">Back home</a>
</div>
<script>${countdownScript}</script>`,
  })
}

/** Why there is no token to show, and what to do: `reason` is "signed-out", "no-token" or "no-idp". */
const unavailable = {
  "signed-out": {
    heading: "Sign in to see your access token",
    text: "This page shows the access token the Demo IdP gave you, and calls the IdP's API with it. Sign in with the Demo IdP first.",
  },
  "no-token": {
    heading: "No Demo IdP access token for you",
    text: "Gatehouse has no Demo IdP token for your account: either you signed in another way and no Demo IdP account is linked to you, or the IdP refused to refresh the token (it forgets every token when the demo restarts). Sign out, then sign in with the Demo IdP.",
  },
  "no-idp": {
    heading: "The Demo IdP is not running",
    text: "This demo was started without its Demo IdP, so there is no access token to show.",
  },
}

/** The page without a token (see `unavailable`); signed out, it links to the sign-in page (`signInUrl`). */
export function tokensUnavailablePage({ reason, signInUrl }) {
  const { heading, text } = unavailable[reason]
  const signIn = reason === "signed-out" ? `<a class="button" href="${escapeHtml(signInUrl)}">Sign in</a>` : ""
  return layout({
    title: heading,
    body: `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<div class="actions">${signIn}<a class="button secondary" href="/">Back home</a></div>`,
  })
}
