/**
 * A loopback stand-in for oauth.vk.com and api.vk.com (providers.md §1.8): one `node:http` server on 127.0.0.1 with a
 * random port, answering the three calls of the VK sign-in the way VK does, and recording every request so that tests
 * can assert on what the library sent.
 *
 * - `GET  /oauth/authorize`     redirects to `redirect_uri` with `code` and `state`; refuses PKCE as VK does.
 * - `POST /oauth/access_token`  checks client credentials in the form body and the code; VK's token JSON, no token_type.
 * - `GET  /api/method/users.get` checks `access_token` and `v`; `{ response: [user] }` or VK's error envelope.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export const CLIENT_ID = "vk-client-id"
export const CLIENT_SECRET = "vk-client-secret"

export interface RecordedRequest {
  method: string
  /** Path without the query, e.g. `/oauth/authorize`. */
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  /** The form body of a POST, parsed. */
  body: Record<string, string>
}

/** What the fake answers; change it between tests with `fake.behaviour`. */
export interface FakeVkBehaviour {
  /** The users.get user (the token owner). */
  user: Record<string, unknown>
  /** E-mail in the token response; `undefined` leaves it out (no `email` scope, or no address). */
  email: string | undefined
  expiresIn: number
  /** The authorize endpoint answers with VK's "user denied" redirect. */
  deny: boolean
  /** users.get answers every call with error 5, as for a revoked token. */
  revokeTokens: boolean
}

export interface FakeVk {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Stands in for `https://oauth.vk.com`. */
  oauthUrl: string
  /** Stands in for `https://api.vk.com`. */
  apiUrl: string
  requests: RecordedRequest[]
  behaviour: FakeVkBehaviour
  /** The spec's four URL options pointing at this server, for one API version. */
  endpoints(apiVersion?: string): { accessTokenUrl: string; requestTokenUrl: string; authorizationUrl: string; profileUrl: string }
  /** Requests to one path. */
  requestsTo(path: "/oauth/authorize" | "/oauth/access_token" | "/api/method/users.get"): RecordedRequest[]
  close(): Promise<void>
}

export const DEFAULT_USER = {
  id: 1234567,
  first_name: "Ivan",
  last_name: "Petrov",
  can_access_closed: true,
  is_closed: false,
  photo_100: "https://example.test/photo_100.jpg",
}

export function defaultBehaviour(): FakeVkBehaviour {
  return { user: { ...DEFAULT_USER }, email: "user@example.test", expiresIn: 86400, deny: false, revokeTokens: false }
}

export async function start(): Promise<FakeVk> {
  const requests: RecordedRequest[] = []
  // code -> what it was issued for; access token -> its owner. Codes are single-use, as at VK.
  const codes = new Map<string, { clientId: string; redirectUri: string }>()
  const tokens = new Set<string>()
  let counter = 0

  const fake: FakeVk = {
    url: "",
    oauthUrl: "",
    apiUrl: "",
    requests,
    behaviour: defaultBehaviour(),
    endpoints(apiVersion = "5.126") {
      const v = encodeURIComponent(apiVersion)
      return {
        accessTokenUrl: `${fake.oauthUrl}/access_token?v=${v}`,
        requestTokenUrl: `${fake.oauthUrl}/access_token?v=${v}`,
        authorizationUrl: `${fake.oauthUrl}/authorize?response_type=code&v=${v}`,
        profileUrl: `${fake.apiUrl}/method/users.get?fields=photo_100&v=${v}`,
      }
    },
    requestsTo: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }

  function authorize(query: Record<string, string>, res: ServerResponse): void {
    if (query.client_id !== CLIENT_ID) return json(res, 401, { error: "invalid_client", error_description: "client_id is incorrect" })
    if (!query.redirect_uri) return json(res, 400, { error: "invalid_request", error_description: "redirect_uri is missing" })
    // oauth.vk.com has no PKCE: it shows this error instead of the consent page (providers.md §1.5).
    if (query.code_challenge || query.code_challenge_method) {
      return json(res, 400, { error: "invalid_request", error_description: "Code challenge method is unsupported" })
    }
    if (query.response_type !== "code") return json(res, 400, { error: "unsupported_response_type", error_description: "response_type is invalid" })
    const back = new URL(query.redirect_uri)
    if (fake.behaviour.deny) {
      back.searchParams.set("error", "access_denied")
      back.searchParams.set("error_reason", "user_denied")
      back.searchParams.set("error_description", "User denied your request")
    } else {
      const code = `FAKE_CODE_${++counter}`
      codes.set(code, { clientId: query.client_id, redirectUri: query.redirect_uri })
      back.searchParams.set("code", code)
    }
    if (query.state !== undefined) back.searchParams.set("state", query.state)
    res.writeHead(302, { location: back.href }).end()
  }

  function accessToken(body: Record<string, string>, headers: Record<string, string>, res: ServerResponse): void {
    // client_secret_post: the credentials are in the body, and VK knows no other way.
    if (headers.authorization || body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
      return json(res, 401, { error: "invalid_client", error_description: "client_secret is incorrect" })
    }
    const issued = body.code ? codes.get(body.code) : undefined
    if (!issued || issued.clientId !== body.client_id) return json(res, 401, { error: "invalid_grant", error_description: "Code is invalid or expired." })
    codes.delete(body.code!)
    if (issued.redirectUri !== body.redirect_uri) {
      return json(res, 401, {
        error: "invalid_grant",
        error_description: "redirect_uri is invalid, please pass same redirect_uri, you used in authorize method.",
      })
    }
    const token = `vk1.a.FAKE_ACCESS_TOKEN_${++counter}`
    tokens.add(token)
    const { email, expiresIn, user } = fake.behaviour
    json(res, 200, { access_token: token, expires_in: expiresIn, user_id: user.id, ...(email === undefined ? {} : { email }) })
  }

  function usersGet(query: Record<string, string>, headers: Record<string, string>, res: ServerResponse): void {
    const params = Object.entries(query)
      .filter(([key]) => key !== "access_token")
      .map(([key, value]) => ({ key, value }))
    const apiError = (error_code: number, error_msg: string): void =>
      json(res, 200, { error: { error_code, error_msg, request_params: [{ key: "method", value: "users.get" }, ...params] } })
    // VK takes the token as a parameter; accept a Bearer header too, so that tests pin which one the library sends.
    const token = query.access_token ?? headers.authorization?.replace(/^Bearer /i, "")
    if (!token || !tokens.has(token) || fake.behaviour.revokeTokens) return apiError(5, "User authorization failed: invalid access_token (4).")
    if (!query.v) return apiError(8, "Invalid request: v (version) is required")
    const fields = new Set((query.fields ?? "").split(","))
    const { photo_100, ...base } = fake.behaviour.user
    json(res, 200, { response: [fields.has("photo_100") && photo_100 !== undefined ? { ...base, photo_100 } : base] })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", fake.url)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString("utf8")
    const form = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(raw)) : {}
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]))
    const query = Object.fromEntries(url.searchParams)
    requests.push({ method: req.method ?? "GET", path: url.pathname, query, headers, body: form })

    if (req.method === "GET" && url.pathname === "/oauth/authorize") return authorize(query, res)
    // VK also takes the exchange as a GET with query parameters; the library posts a form.
    if (url.pathname === "/oauth/access_token") return accessToken({ ...query, ...form }, headers, res)
    if (url.pathname === "/api/method/users.get") return usersGet({ ...query, ...form }, headers, res)
    json(res, 404, { error: "not_found" })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: "server_error", error_description: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${port}`
  fake.oauthUrl = `${fake.url}/oauth`
  fake.apiUrl = `${fake.url}/api`
  return fake
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body))
}
