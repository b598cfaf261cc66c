/**
 * Moved to session/provider-tokens.ts: the provider tokens' claim belongs to the session token, and session/ no longer
 * imports token-refresh/. Only actions/signout.ts still imports this path (actions/ was being edited at the move):
 * point it at session/provider-tokens.ts and delete this file.
 */
export { withoutProviderTokens } from "../session/provider-tokens.js"
