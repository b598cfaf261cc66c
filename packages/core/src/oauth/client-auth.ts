/**
 * Client authentication at the token endpoint (RFC 6749 §2.3, OIDC Core §9), chosen by
 * `client.token_endpoint_auth_method`: `client_secret_basic` (default), `client_secret_post`, `client_secret_jwt`,
 * `private_key_jwt` (key in `token.clientPrivateKey`, a `CryptoKey` or JWK) or `none`.
 */
import * as o from "oauth4webapi"
import type { OAuthConfigInternal } from "../providers/types.js"

export async function clientAuth(provider: OAuthConfigInternal, client: o.Client): Promise<o.ClientAuth> {
  const secret = provider.clientSecret ?? ""
  const method = (client.token_endpoint_auth_method as string | undefined) ?? "client_secret_basic"
  switch (method) {
    case "client_secret_basic":
      return o.ClientSecretBasic(secret)
    case "client_secret_post":
      return o.ClientSecretPost(secret)
    case "client_secret_jwt":
      return o.ClientSecretJwt(secret)
    case "private_key_jwt": {
      const key = (provider.token as { clientPrivateKey?: CryptoKey | JsonWebKey } | undefined)?.clientPrivateKey
      if (!key) throw new TypeError(`Provider "${provider.id}" uses private_key_jwt but has no token.clientPrivateKey.`)
      const privateKey = key instanceof CryptoKey ? key : await importJwk(key)
      return o.PrivateKeyJwt({ key: privateKey, kid: (key as { kid?: string }).kid })
    }
    case "none":
      return o.None()
    default:
      throw new TypeError(`Unsupported token_endpoint_auth_method "${method}" for provider "${provider.id}".`)
  }
}

async function importJwk(jwk: JsonWebKey): Promise<CryptoKey> {
  const { importJWK } = await import("jose")
  return (await importJWK(jwk as never, (jwk as { alg?: string }).alg ?? "RS256")) as CryptoKey
}
