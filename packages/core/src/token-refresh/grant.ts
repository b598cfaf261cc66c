/**
 * The `refresh_token` grant (RFC 6749 §6) at a provider: the request, with the provider's client authentication, and
 * the validation of the answer, both by oauth4webapi — including a new ID token's signature and claims, and that it
 * names the same subject as the account (security catalog OA-28).
 */
import * as o from "oauth4webapi"
import { RefreshTokenError } from "../errors.js"
import { normalizeTokens, verifyIdTokenSignature } from "../oauth/callback.js"
import { clientAuth } from "../oauth/client-auth.js"
import { tenantServer } from "../oauth/conform.js"
import { endpointHandler, endpointParams } from "../oauth/endpoints.js"
import { requestOptions } from "../oauth/request-options.js"
import { authorizationServer } from "../oauth/server.js"
import type { OAuthConfigInternal } from "../providers/types.js"
import type { TokenSet } from "../types.js"

/** Token endpoint errors that no retry can fix: the refresh token is dead, or this client may not use it. */
const PERMANENT_ERRORS = new Set(["invalid_grant", "invalid_client", "unauthorized_client", "unsupported_grant_type", "invalid_scope"])

/** The account a refresh is for: its refresh token, and (for OIDC) the subject a new ID token must name. */
export interface RefreshableAccount {
  refresh_token: string
  providerAccountId: string
  /**
   * The `sub` of the ID token of the sign-in, when the account id is another claim (Azure AD B2C keys on `oid`):
   * a refreshed ID token must name it. Default: `providerAccountId`.
   */
  subject?: string
}

/**
 * Exchanges the account's refresh token for new tokens and returns them normalised (`expires_at` in seconds,
 * `token_type` lower-cased). A provider that does not rotate keeps the old refresh token in the result. Throws
 * `RefreshTokenError` — `permanent` when the provider refused the token or its answer failed validation, not when
 * it could not be reached, timed out (the provider time-out, 10 s by default) or answered something else than JSON.
 *
 * @example
 * const tokens = await refreshGrant(provider, { refresh_token, providerAccountId })
 */
export async function refreshGrant(provider: OAuthConfigInternal, account: RefreshableAccount): Promise<TokenSet> {
  const settings = provider.refresh
  if (settings === false) throw new RefreshTokenError(`"${provider.id}" has no refresh grant (refresh: false).`, true)
  if (typeof account.refresh_token !== "string" || account.refresh_token === "") {
    throw new RefreshTokenError(`The "${provider.id}" account has no refresh token.`, true)
  }
  let as: o.AuthorizationServer
  try {
    as = await authorizationServer(provider)
  } catch (error) {
    throw transient(provider, "its metadata could not be loaded", error)
  }
  if (settings?.url) as = { ...as, token_endpoint: new URL(settings.url).href }
  const client: o.Client = { client_id: provider.clientId ?? "", ...provider.client }

  let response: Response
  try {
    response = await o.refreshTokenGrantRequest(as, client, await clientAuth(provider, client), account.refresh_token, {
      ...requestOptions(provider),
      headers: { accept: "application/json" },
      additionalParameters: settings ? endpointParams(settings, provider) : undefined,
    })
    const conform = endpointHandler(provider.token as never)?.conform
    if (conform) response = (await conform(response)) ?? response
  } catch (error) {
    throw transient(provider, "its token endpoint could not be reached", error)
  }

  let result: o.TokenEndpointResponse
  try {
    // A multi-tenant Entra ID provider: the ID token names the user's tenant, as at sign-in.
    as = await tenantServer(provider, as, response)
    result = await o.processRefreshTokenResponse(as, client, response)
  } catch (error) {
    if (error instanceof o.ResponseBodyError) {
      const permanent = PERMANENT_ERRORS.has(error.error)
      throw new RefreshTokenError(`"${provider.id}" refused the refresh: ${error.error}.`, permanent, { cause: { provider: provider.id, status: error.status, error: error.error } })
    }
    if (error instanceof o.OperationProcessingError && isValidationFailure(error)) {
      throw new RefreshTokenError(`The refresh answer of "${provider.id}" failed validation: ${error.message}`, true, { cause: { provider: provider.id, err: error } })
    }
    throw transient(provider, "its answer could not be read", error)
  }

  if (result.id_token && provider.type === "oidc") await checkIdToken(provider, as, client, response, result, account)
  const tokens = normalizeTokens(result as TokenSet)
  if (!tokens.refresh_token) tokens.refresh_token = account.refresh_token
  return tokens
}

/**
 * A new ID token must be signed by the provider and name the account's subject (OIDC Core §12.2: "its sub Claim
 * Value MUST be the same as in the ID Token issued when the original authentication occurred").
 */
async function checkIdToken(
  provider: OAuthConfigInternal,
  as: o.AuthorizationServer,
  client: o.Client,
  response: Response,
  result: o.TokenEndpointResponse,
  account: RefreshableAccount,
): Promise<void> {
  try {
    await verifyIdTokenSignature(provider, as, client, response, result.id_token!)
  } catch (error) {
    throw new RefreshTokenError(`The ID token "${provider.id}" returned with the refresh is not validly signed.`, true, { cause: { provider: provider.id, err: error as Error } })
  }
  const claims = o.getValidatedIdTokenClaims(result)
  if (claims && claims.sub !== (account.subject ?? account.providerAccountId)) {
    throw new RefreshTokenError(`The ID token "${provider.id}" returned with the refresh names another subject; the refreshed tokens were discarded.`, true, {
      cause: { provider: provider.id },
    })
  }
}

/** oauth4webapi's validation failures (a wrong `iss`, `aud`, an ID token that does not parse), not transport ones. */
function isValidationFailure(error: o.OperationProcessingError): boolean {
  return error.code !== o.RESPONSE_IS_NOT_JSON && error.code !== o.RESPONSE_IS_NOT_CONFORM
}

function transient(provider: OAuthConfigInternal, what: string, error: unknown): RefreshTokenError {
  return new RefreshTokenError(`The refresh of "${provider.id}" failed: ${what}.`, false, {
    cause: { provider: provider.id, err: error instanceof Error ? error : new Error(String(error)) },
  })
}
