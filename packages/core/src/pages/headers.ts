/**
 * The response headers of every built-in page. The pages load nothing, so the policy is `default-src 'none'` plus
 * exactly what they use: one inline stylesheet (by hash), same-origin or `data:` images (plus the origin of an absolute
 * `theme.logo`), and form submissions — and,
 * only on a sign-in page with a WebAuthn form, its inline scripts (by hash) and fetches to the WebAuthn options URL,
 * and on a password page with a password field, its "Show password" script (by hash, no fetch).
 */

export interface FormActionSources {
  /** URLs the page's forms post to and where those posts redirect (the callback URL); their origins are allowed. */
  targets: readonly string[]
  /**
   * Scheme sources (`"https:"`) for posts that redirect to an origin the page cannot know in advance: an OAuth
   * sign-in POST redirects to the provider's authorization endpoint, which may itself hop across the provider's
   * origins. Browsers check `form-action` on every redirect of a form submission (CSP3 `form-action`; observed in
   * Chromium), so listing only our origin would block OAuth sign-in.
   */
  schemes?: readonly ("https:" | "http:")[]
}

/**
 * `Content-Type`, a CSP allowing the page's stylesheet by hash, and the anti-framing, anti-sniffing, no-cache and
 * referrer headers.
 *
 * `Referrer-Policy: strict-origin` rather than `no-referrer`: both keep the path and query — which may carry the
 * e-mail address, the callback URL or an error — away from every server, but under `no-referrer` browsers send
 * `Origin: null` on the pages' own form posts (Fetch §3.1, "append a request `Origin` header"), which breaks
 * Origin-based CSRF checks (ours, SvelteKit's, Astro's).
 */
export function pageHeaders(input: {
  styleHash: string
  formAction: FormActionSources
  /** Hash sources of the page's inline scripts (the sign-in page's WebAuthn form; the password pages' "Show password"). */
  scriptHashes?: readonly string[]
  /** URL prefixes the page's scripts may fetch (the WebAuthn options endpoint). */
  connect?: readonly string[]
  /** Origins images may come from besides our own and `data:`: the one of an absolute `theme.logo`. */
  images?: readonly string[]
}): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `style-src ${input.styleHash}`,
    ...(input.scriptHashes?.length ? [`script-src ${input.scriptHashes.join(" ")}`] : []),
    ...(input.connect?.length ? [`connect-src ${input.connect.join(" ")}`] : []),
    ["img-src 'self' data:", ...(input.images ?? [])].join(" "),
    `form-action ${formActionSourceList(input.formAction)}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ")
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin",
    "Cache-Control": "no-store",
  }
}

function formActionSourceList({ targets, schemes = [] }: FormActionSources): string {
  const sources = new Set<string>(["'self'"])
  for (const target of targets) {
    const origin = httpOrigin(target)
    if (origin) sources.add(origin)
  }
  for (const scheme of schemes) sources.add(scheme)
  return [...sources].join(" ")
}

/** The origin of an absolute http(s) URL — a string safe in a CSP source list — or `undefined`. */
export function httpOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined
  } catch {
    return undefined
  }
}
