/**
 * What a WebAuthn provider's `getUserInfo` and `getRelayingParty` receive, built from our request context in the
 * shape Auth.js passes (its internal options and request), so that Auth.js implementations of them keep working.
 */
import type { Adapter } from "../adapters.js"
import type { Context } from "../context.js"
import type { RelayingParty, WebAuthnConfigInternal, WebAuthnProviderContext, WebAuthnRequest } from "../providers/types.js"

export interface WebAuthnCall {
  provider: WebAuthnConfigInternal
  adapter: Adapter
  options: WebAuthnProviderContext
  request: WebAuthnRequest
  relayingParty: RelayingParty
}

/** The provider's view of this request, with its relying party resolved. */
export function webAuthnCall(ctx: Context, provider: WebAuthnConfigInternal): WebAuthnCall {
  const { req } = ctx
  const adapter = ctx.config.adapter!
  const options: WebAuthnProviderContext = { provider, adapter, url: req.url }
  const request: WebAuthnRequest = {
    url: req.url,
    method: req.method,
    query: req.query,
    body: req.body,
    headers: req.headers,
    cookies: req.cookies,
  }
  return { provider, adapter, options, request, relayingParty: provider.getRelayingParty(options, request) }
}
