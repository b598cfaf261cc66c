/**
 * A loopback stand-in for GitHub (github.com's OAuth endpoints plus the REST API), laid out like GitHub Enterprise
 * Server so that the provider's `enterprise.baseUrl` points at it, and answering the way GitHub does:
 *
 * - `GET  /login/oauth/authorize`    redirects to `redirect_uri` with `code`, `state` and the RFC 9207 `iss`
 *   (`{base}/login/oauth`, or what `behaviour.iss` says); a denial is GitHub's `access_denied` redirect.
 * - `POST /login/oauth/access_token` takes the client credentials as a Basic header or in the form (not both); checks
 *   the code, the redirect URI and the PKCE verifier; answers JSON only when `Accept` asks for `application/json`,
 *   form-encoded otherwise — and reports errors (`bad_verification_code`, …) with HTTP 200, in the same format.
 * - `GET  /api/v3/user`              needs the token (`Bearer` or `token`) and a `User-Agent`; `email` is `null` for a
 *   user whose address is private.
 * - `GET  /api/v3/user/emails`       the addresses, `primary` flagged (404 when `behaviour.emails` is a status).
 *
 * Every request is recorded.
 */
import type { ServerResponse } from "node:http"
import type { GitHubEmail, GitHubProfile } from "../../src/providers/github.js"
import { clientCredentials, CodeStore, json, randomToken, redirect, startLoopback, type Loopback, type RecordedRequest } from "./loopback.js"

export const CLIENT_ID = "Iv1.0123456789abcdef"
export const CLIENT_SECRET = "0123456789abcdef0123456789abcdef01234567"

const DOCS = "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors"

/** `GET /user` for a user with a private address (placeholder values, GitHub's field set). */
export const OCTOCAT: GitHubProfile = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 8,
  public_gists: 8,
  followers: 1000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-01-22T12:00:00Z",
  private_gists: 0,
  total_private_repos: 0,
  owned_private_repos: 0,
  disk_usage: 0,
  collaborators: 0,
  two_factor_authentication: true,
  plan: { collaborators: 0, name: "free", space: 976562499, private_repos: 10000 },
}

/** `GET /user/emails`: the primary address is not the first entry. */
export const EMAILS: GitHubEmail[] = [
  { email: "583231+octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "Octocat@Example.test", primary: true, verified: true, visibility: "private" },
  { email: "octo.work@example.test", primary: false, verified: false, visibility: null },
]

export interface FakeGitHubBehaviour {
  user: Record<string, unknown>
  /** The `/user/emails` list, or an HTTP status to fail with. */
  emails: GitHubEmail[] | number
  /** The `iss` added to the authorization response: `"server"` = `{base}/login/oauth`, `undefined` = none. */
  iss: string | undefined
  deny: boolean
  /** Every token request fails with this GitHub error code (HTTP 200), whatever it carries. */
  tokenError: string | undefined
}

export function defaultBehaviour(): FakeGitHubBehaviour {
  return { user: { ...OCTOCAT }, emails: EMAILS.map((e) => ({ ...e })), iss: "server", deny: false, tokenError: undefined }
}

export interface FakeGitHub extends Loopback {
  /** The GitHub Enterprise Server base URL: `enterprise: { baseUrl: fake.url }`. */
  behaviour: FakeGitHubBehaviour
  /** `{url}/login/oauth`: what the provider's issuer becomes with `enterprise.baseUrl`. */
  issuer: string
  /** The endpoints as `authorization` / `token` / `userinfo` options (`{ url }`, so the provider's hooks stay). */
  endpointOptions(): { authorization: { url: string }; token: { url: string }; userinfo: { url: string } }
  reset(): void
}

export async function start(): Promise<FakeGitHub> {
  const store = new CodeStore()

  function tokenAnswer(request: RecordedRequest, res: ServerResponse, status: number, body: Record<string, string>): void {
    // GitHub: JSON only when asked for; XML for application/xml; form-encoded otherwise.
    if ((request.headers.accept ?? "").includes("application/json")) return json(res, status, body)
    res.writeHead(status, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }).end(new URLSearchParams(body).toString())
  }
  const tokenError = (request: RecordedRequest, res: ServerResponse, error: string, description: string, anchor = error.replace(/_/g, "-")): void =>
    tokenAnswer(request, res, 200, { error, error_description: description, error_uri: `${DOCS}/#${anchor}` })

  const loopback = await startLoopback({
    "GET /login/oauth/authorize": (request, res) => {
      const { query } = request
      if (query.client_id !== CLIENT_ID || !query.redirect_uri) return json(res, 404, { message: "Not Found" })
      const iss = fake.behaviour.iss === "server" ? fake.issuer : fake.behaviour.iss
      if (fake.behaviour.deny) {
        return redirect(res, query.redirect_uri, {
          error: "access_denied",
          error_description: "The user has denied your application access.",
          error_uri: `${DOCS}/#access-denied`,
          state: query.state,
          iss,
        })
      }
      redirect(res, query.redirect_uri, { code: store.issue(query, randomToken("", 10)), state: query.state, iss })
    },

    "POST /login/oauth/access_token": (request, res) => {
      const form = { ...request.query, ...request.body }
      const client = clientCredentials(request)
      if (client.method === "both" || client.clientId !== CLIENT_ID || client.clientSecret !== CLIENT_SECRET) {
        return tokenError(request, res, "incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.")
      }
      if (fake.behaviour.tokenError) return tokenError(request, res, fake.behaviour.tokenError, "The code passed is incorrect or expired.")
      // GitHub does not require grant_type; the library sends it anyway.
      const redeemed = store.redeem({ grant_type: "authorization_code", ...form }, client.clientId)
      if (!redeemed.ok) {
        const mismatch = redeemed.description.startsWith("redirect_uri")
        return mismatch
          ? tokenError(request, res, "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL for this application.")
          : tokenError(request, res, "bad_verification_code", "The code passed is incorrect or expired.")
      }
      const accessToken = store.token(redeemed.grant, randomToken("gho_", 27))
      tokenAnswer(request, res, 200, { access_token: accessToken, token_type: "bearer", scope: (redeemed.grant.scope ?? "").split(" ").filter(Boolean).join(",") })
    },

    "GET /api/v3/user": (request, res) => api(request, res, () => fake.behaviour.user),
    "GET /api/v3/user/emails": (request, res) => {
      const { emails } = fake.behaviour
      if (typeof emails === "number") return json(res, emails, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: String(emails) })
      api(request, res, () => emails)
    },
  })

  function api(request: RecordedRequest, res: ServerResponse, body: () => unknown): void {
    if (!request.headers["user-agent"]) {
      return json(res, 403, {
        message: "Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required).",
      })
    }
    const token = /^(?:bearer|token) (.+)$/i.exec(request.headers.authorization ?? "")?.[1]
    if (!store.owner(token)) return json(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" })
    json(res, 200, body())
  }

  // The routes above read `fake` only when requests arrive, after this line has run.
  const fake: FakeGitHub = Object.assign(loopback, {
    behaviour: defaultBehaviour(),
    issuer: `${loopback.url}/login/oauth`,
    endpointOptions: () => ({
      authorization: { url: `${loopback.url}/login/oauth/authorize` },
      token: { url: `${loopback.url}/login/oauth/access_token` },
      userinfo: { url: `${loopback.url}/api/v3/user` },
    }),
    reset() {
      loopback.requests.length = 0
      fake.behaviour = defaultBehaviour()
      store.clear()
    },
  })
  return fake
}
