/**
 * `@gatehousejs/adapter-test`: the conformance suite every adapter runs — ours and any Auth.js adapter.
 *
 * @example
 * runAdapterTests({ name: "sqlite", adapter: () => adapter, db: { user: (id) => … , … } })
 */
export type { AdapterTestOptions, StoreReader } from "./types.js"
export { POSTGRES_URL, REDIS_URL, reachable, serviceAvailable } from "./services.js"
export { AUTHJS_FIELDS } from "./authjs-fields.js"
export { runAdapterTests } from "./suite.js"
export {
  runTokenRefreshChild,
  tokenRefreshProcessContract,
  type TokenRefreshProcessOptions,
} from "./contract/token-refresh-processes.js"
export { rateLimitStoreContract, runRateLimitChild, type RateLimitStoreLike } from "./rate-limit-store.js"
export { runSessionStoreChild, sessionStoreContract, type SessionStoreContractOptions } from "./session-store.js"
