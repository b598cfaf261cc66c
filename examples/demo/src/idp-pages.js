/**
 * The Demo IdP's pages: the account picker (`/interaction/:uid`) and the error page. Like the app's own pages they are
 * escaped template strings with one inline stylesheet allowed by hash; they load nothing and run no script. They look
 * different from the app on purpose: the browser has left the app for another site.
 */
import { createHash } from "node:crypto"
import { escapeHtml } from "./pages.js"

const css = `
:root {
  --bg: #f5f3ff; --card: #fff; --border: #ddd6fe; --text: #1e1b4b; --muted: #4c4a6b;
  --accent: #6d28d9; --accent-text: #fff; --notice-bg: #fef3c7; --notice-text: #78350f; --hover: #ede9fe;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #13111c; --card: #1c1a29; --border: #3b3360; --text: #f3f0ff; --muted: #b4aed0;
    --accent: #a78bfa; --accent-text: #13111c; --notice-bg: #3a2a0a; --notice-text: #fde68a; --hover: #2a2540;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
main { width: 100%; max-width: 26rem; padding: 1.5rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.75rem; }
.brand { margin: 0 0 1rem; font-weight: 700; letter-spacing: 0.02em; color: var(--accent); }
h1 { font-size: 1.3rem; line-height: 1.3; margin: 0 0 1rem; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.notice { background: var(--notice-bg); color: var(--notice-text); border-radius: 0.5rem; padding: 0.75rem 1rem; font-size: 0.9rem; }
fieldset { border: 0; margin: 0 0 1rem; padding: 0; }
legend { font-weight: 600; margin: 0 0 0.5rem; padding: 0; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
.account {
  width: 100%; display: flex; align-items: center; gap: 0.75rem; text-align: left; cursor: pointer;
  background: transparent; color: var(--text); border: 1px solid var(--border); border-radius: 0.5rem;
  padding: 0.65rem 0.85rem; font: inherit;
}
.account:hover { background: var(--hover); }
.avatar {
  flex: none; width: 2.25rem; height: 2.25rem; border-radius: 50%; display: grid; place-items: center;
  background: var(--accent); color: var(--accent-text); font-weight: 700;
}
.who { display: flex; flex-direction: column; }
.name { font-weight: 600; }
.email { color: var(--muted); font-size: 0.875rem; }
.link { background: none; border: 0; padding: 0; color: var(--accent); font: inherit; text-decoration: underline; cursor: pointer; }
a { color: var(--accent); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem; }
`

const styleHash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`

/**
 * The headers of the IdP's pages. `form-action` allows our own origin and the origins of `formTargets`: a form
 * submission is checked against it at every redirect, and the account picker's post ends, through the IdP's own
 * redirects, at the app's callback URL.
 */
export function idpPageHeaders({ formTargets }) {
  const origins = new Set(["'self'", ...formTargets.map((url) => new URL(url).origin)])
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": [
      "default-src 'none'",
      `style-src ${styleHash}`,
      `form-action ${[...origins].join(" ")}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin",
    "Cache-Control": "no-store",
  }
}

function layout({ title, body }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo IdP</title>
<style>${css}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">Demo IdP</p>
${body}
</div>
</main>
</body>
</html>
`
}

const scopeDescriptions = { profile: "your name", email: "your e-mail address" }

/** "your name and your e-mail address", from the requested scopes; `undefined` when only `openid` was asked for. */
function describeScope(scope = "") {
  const items = scope.split(" ").map((s) => scopeDescriptions[s]).filter(Boolean)
  if (!items.length) return undefined
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
}

/** The login page: a button per account (no passwords), and a way to cancel back to the app. */
export function idpLoginPage({ uid, accounts, clientName, scope }) {
  const base = `/interaction/${encodeURIComponent(uid)}`
  const items = accounts
    .map(
      (a) => `<li><button class="account" type="submit" name="account" value="${escapeHtml(a.id)}">` +
        `<span class="avatar" aria-hidden="true">${escapeHtml(a.name.slice(0, 1))}</span>` +
        `<span class="who"><span class="name">${escapeHtml(a.name)}</span> <span class="email">${escapeHtml(a.email)}</span></span>` +
        `</button></li>`,
    )
    .join("\n")
  const shared = describeScope(scope)
  return layout({
    title: "Sign in",
    body: `<h1>Sign in to continue to ${escapeHtml(clientName)}</h1>
<p class="notice"><strong>This is a demo identity provider.</strong> It runs with the Gatehouse demo on this computer and has no passwords: choose an account to sign in as.</p>
<form method="post" action="${escapeHtml(`${base}/login`)}">
<fieldset>
<legend>Choose an account</legend>
<ul>
${items}
</ul>
</fieldset>
</form>
${shared ? `<p class="muted">${escapeHtml(clientName)} will receive ${escapeHtml(shared)}.</p>` : ""}
<form method="post" action="${escapeHtml(`${base}/abort`)}">
<button class="link" type="submit">Cancel and go back to ${escapeHtml(clientName)}</button>
</form>`,
  })
}

/** What went wrong (an OAuth error code and its description), and a link back to the app. */
export function idpErrorPage({ error, description, appUrl }) {
  return layout({
    title: "Sign-in failed",
    body: `<h1>Sign-in could not continue</h1>
${description ? `<p>${escapeHtml(description)}</p>` : ""}
${error === "invalid_redirect_uri" ? "<p>Open the demo at the address it printed when it started (<code>http://localhost:3000</code> by default): the IdP knows the app by that address only.</p>" : ""}
<p class="muted">Error: <code>${escapeHtml(error ?? "unknown")}</code></p>
${appUrl ? `<p><a href="${escapeHtml(appUrl)}">Back to the Gatehouse demo</a></p>` : ""}`,
  })
}
