/**
 * The Demo IdP's protected API, `GET /api/hello`: what an app calls with the access token Gatehouse keeps fresh. It
 * answers only a valid, unexpired bearer token this IdP issued (RFC 6750), with a greeting, the token's subject and
 * expiry, and how many refresh requests the IdP has answered for that account — so the demo's `/tokens` page can show
 * refreshes happening. Both halves live here: the IdP's handler (`helloApi`) and the app's call (`callHelloApi`).
 */
/** Where the API is, below the issuer. */
export const HELLO_API_PATH = "/api/hello"

/** How long the app waits for the API: it is on loopback, so an answer takes milliseconds. */
const CALL_TIMEOUT_MS = 5_000

/**
 * Counts the refresh-token grants `provider` (oidc-provider) answers, per account, from its `grant.success` event:
 * each one is Gatehouse exchanging a refresh token for a new access token. Kept in memory, like all of the IdP's state.
 *
 * @example
 * const refreshes = countRefreshes(provider)
 * refreshes.of("carol") // 0, until Gatehouse refreshes Carol's token
 */
export function countRefreshes(provider) {
  const counts = new Map()
  provider.on("grant.success", (ctx) => {
    if (ctx.oidc.params?.grant_type !== "refresh_token") return
    const accountId = ctx.oidc.entities.RefreshToken?.accountId
    if (accountId) counts.set(accountId, (counts.get(accountId) ?? 0) + 1)
  })
  return { of: (accountId) => counts.get(accountId) ?? 0 }
}

/**
 * The Express handler of `GET /api/hello`. `Authorization: Bearer <access token>` (RFC 6750 §2.1, the only way it
 * accepts a token: no query or form parameter, which would land in logs) is looked up in oidc-provider's store, which
 * returns nothing for an unknown, expired or revoked token (a refresh token's reuse revokes its whole grant).
 * Refused: 401 with `WWW-Authenticate: Bearer` (§3; with `error="invalid_token"` when a token was sent, §3.1).
 * `accounts` are the IdP's accounts (for the greeting's name), `refreshes` the counter of `countRefreshes`.
 */
export function helloApi({ provider, accounts, refreshes }) {
  return async (req, res) => {
    res.set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    const sent = /^Bearer ([\w.~+/-]+=*)$/i.exec(req.get("authorization") ?? "")?.[1]
    if (!sent) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="demo-idp"').json({ error_description: "Send the access token as Authorization: Bearer <token>." })
      return
    }
    const token = await provider.AccessToken.find(sent)
    if (!token) {
      res.status(401)
        .set("WWW-Authenticate", 'Bearer realm="demo-idp", error="invalid_token", error_description="The access token is unknown, expired or revoked."')
        .json({ error: "invalid_token", error_description: "The access token is unknown, expired or revoked." })
      return
    }
    const account = accounts.find((a) => a.id === token.accountId)
    res.json({
      message: `Hello, ${account?.name ?? token.accountId}!`,
      sub: token.accountId,
      tokenExpiresAt: token.exp,
      refreshes: refreshes.of(token.accountId),
    })
  }
}

/**
 * Calls `GET <apiUrl>` with `accessToken`, on the server. Resolves to `{ status, body }` (the parsed JSON answer, or
 * `null` when there was none), or to `{ error }` (a message) when the IdP could not be reached; never rejects.
 *
 * @example
 * const answer = await callHelloApi(idp.apiUrl, token.accessToken)
 * if (answer.status === 200) console.log(answer.body.message)
 */
export async function callHelloApi(apiUrl, accessToken) {
  let response
  try {
    response = await fetch(apiUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    })
  } catch (error) {
    return { error: `The Demo IdP's API could not be reached (${error?.name ?? "error"}).` }
  }
  const body = await response.json().catch(() => null)
  return { status: response.status, body }
}
