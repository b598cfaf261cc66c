/** The `rateLimit` option: its type, and its validation into the budgets each endpoint spends. */
import { AuthError } from "../errors.js"
import { memoryStore } from "./memory-store.js"
import {
  budget,
  CREDENTIALS_PER_CLIENT,
  CREDENTIALS_PER_IDENTIFIER,
  EMAIL_PER_ADDRESS,
  EMAIL_PER_CLIENT,
  OAUTH_SIGNIN_PER_CLIENT,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_CLIENT,
  SIGN_UP_PER_ADDRESS,
  SIGN_UP_PER_CLIENT,
  VERIFY_EMAIL_PER_ADDRESS,
  VERIFY_EMAIL_PER_CLIENT,
  WEBAUTHN_PER_CLIENT,
  type RateLimitWindow,
} from "./policy.js"
import type { RateLimitStore } from "./store.js"
import { trustedRanges } from "./client-address.js"

/** The endpoints that spend budgets; the `action` of the `rateLimited` event. */
export type RateLimitedAction = "credentials" | "email" | "webauthn" | "oauth" | AddressAction

/** The `Password` provider's endpoints that mail an address: budgets per address and per client. */
export type AddressAction = "signUp" | "passwordReset" | "verifyEmail"

/** A budget per address and per client. */
export type AddressBudgets = false | { perAddress?: RateLimitBudget; perClient?: RateLimitBudget }

/** Which budget refused: the submitted identifier, the e-mail address, this device's own, or the client's. */
export type RateLimitedBudget = "identifier" | "address" | "device" | "client"

/** A budget: its windows (each at most `limit` per `windowMs`), or `false` for none. */
export type RateLimitBudget = readonly RateLimitWindow[] | false

/**
 * The `rateLimit` option. Every limit is on by default; `rateLimit: false` turns them all off. Defaults and the
 * reason for each number: docs/rate-limits.md.
 *
 * @example
 * rateLimit: { store: PostgresRateLimitStore(pool), trustedProxies: ["10.0.0.0/8"] }
 */
export interface RateLimitOptions {
  /**
   * Where counters live. Default `"memory"`: this process only (a warning says so once in production). An app that
   * runs several processes passes a shared store: `PostgresRateLimitStore`, `RedisRateLimitStore`, `SqliteRateLimitStore`.
   */
  store?: RateLimitStore | "memory"
  /**
   * Proxies whose `X-Forwarded-For` is believed, as addresses or CIDR ranges (`"10.0.0.0/8"`, `"::1"`). Default none:
   * the client is the connection's address (loopback included) and the header is ignored.
   */
  trustedProxies?: string[]
  /** Credentials sign-in (`POST {basePath}/callback/<credentials id>`). */
  credentials?:
    | false
    | {
        perIdentifier?: RateLimitBudget
        perClient?: RateLimitBudget
        /**
         * The identifier of a submission (what its failures are counted against). Default: the first field of the
         * provider's `credentials` that is not of type `"password"` (`username`, `email`…), compared case-insensitively.
         */
        identifier?: (credentials: Record<string, unknown>) => string | undefined | null
      }
  /** E-mail sign-in (`POST {basePath}/signin/<email id>`): mails per address, and requests per client. */
  email?: false | { perAddress?: RateLimitBudget; perClient?: RateLimitBudget }
  /** WebAuthn options and callbacks, per client. */
  webauthn?: false | { perClient?: RateLimitBudget }
  /** The start of an OAuth/OIDC sign-in (`POST {basePath}/signin/<id>`), per client. */
  oauth?: false | { perClient?: RateLimitBudget }
  /** Sign-up with the `Password` provider (`POST {basePath}/signup/<id>`): mails per address, requests per client. */
  signUp?: AddressBudgets
  /** Forgot and reset (`POST {basePath}/password/forgot`, `/password/reset`). */
  passwordReset?: AddressBudgets
  /** Address verification (`POST {basePath}/verify-email`) and re-sent verification mails. */
  verifyEmail?: AddressBudgets
}

/** The budgets in force; an absent one is off. */
export interface RateLimitBudgets {
  credentials: { identifier?: readonly RateLimitWindow[]; client?: readonly RateLimitWindow[] }
  email: { address?: readonly RateLimitWindow[]; client?: readonly RateLimitWindow[] }
  webauthn: { client?: readonly RateLimitWindow[] }
  oauth: { client?: readonly RateLimitWindow[] }
  signUp: { address?: readonly RateLimitWindow[]; client?: readonly RateLimitWindow[] }
  passwordReset: { address?: readonly RateLimitWindow[]; client?: readonly RateLimitWindow[] }
  verifyEmail: { address?: readonly RateLimitWindow[]; client?: readonly RateLimitWindow[] }
}

export interface ResolvedRateLimit {
  store: RateLimitStore
  /** True for the built-in memory store: counts are per process. */
  perProcess: boolean
  trustedProxies: readonly string[]
  /** The framework package's advice for an unknown client address (`clientAddressHint`), if it gave one. */
  clientAddressHint?: string
  budgets: RateLimitBudgets
  identifier?: (credentials: Record<string, unknown>) => string | undefined | null
}

/**
 * One memory store for every configuration of this process: a lazy configuration builds a new object per request,
 * and a store per object would forget every count. Keys are keyed hashes under each app's secret, so apps with
 * different secrets never share a counter.
 */
let sharedMemoryStore: RateLimitStore | undefined

/** The option as the engine uses it, or `undefined` when off; `problems` name every invalid part (configuration errors). */
export function resolveRateLimit(option: RateLimitOptions | false | undefined): { rateLimit?: ResolvedRateLimit; problems: AuthError[] } {
  if (option === false) return { problems: [] }
  const problems: AuthError[] = []
  const options = option ?? {}
  if (typeof options !== "object" || options === null) {
    return { problems: [new AuthError("`rateLimit` must be an object of options, or false to turn every limit off.")] }
  }
  const check = <T>(name: string, make: () => T, fallback: T): T => {
    try {
      return make()
    } catch (error) {
      problems.push(new AuthError(`rateLimit.${name}: ${(error as Error).message}`))
      return fallback
    }
  }
  const pick = (name: string, value: RateLimitBudget | undefined, fallback: readonly RateLimitWindow[]): readonly RateLimitWindow[] | undefined => {
    if (value === false) return undefined
    if (value === undefined) return fallback
    return check(name, () => (Array.isArray(value) ? budget(...value) : budget(value as unknown as RateLimitWindow)), fallback)
  }
  const endpoint = <K extends Exclude<keyof RateLimitOptions, "store" | "trustedProxies">>(name: K): Record<string, RateLimitBudget | undefined> | undefined => {
    const value = options[name]
    if (value === false) return undefined
    if (value !== undefined && (typeof value !== "object" || value === null)) {
      problems.push(new AuthError(`rateLimit.${name} must be an object of budgets, or false.`))
    }
    return (value ?? {}) as Record<string, RateLimitBudget | undefined>
  }

  function addressBudgets(name: AddressAction, perAddress: readonly RateLimitWindow[], perClient: readonly RateLimitWindow[]): RateLimitBudgets[AddressAction] {
    const value = endpoint(name)
    if (!value) return {}
    return { address: pick(`${name}.perAddress`, value.perAddress, perAddress), client: pick(`${name}.perClient`, value.perClient, perClient) }
  }

  const credentials = endpoint("credentials")
  const email = endpoint("email")
  const webauthn = endpoint("webauthn")
  const oauth = endpoint("oauth")
  const budgets: RateLimitBudgets = {
    credentials: credentials
      ? {
          identifier: pick("credentials.perIdentifier", credentials.perIdentifier, CREDENTIALS_PER_IDENTIFIER),
          client: pick("credentials.perClient", credentials.perClient, CREDENTIALS_PER_CLIENT),
        }
      : {},
    email: email ? { address: pick("email.perAddress", email.perAddress, EMAIL_PER_ADDRESS), client: pick("email.perClient", email.perClient, EMAIL_PER_CLIENT) } : {},
    webauthn: webauthn ? { client: pick("webauthn.perClient", webauthn.perClient, WEBAUTHN_PER_CLIENT) } : {},
    oauth: oauth ? { client: pick("oauth.perClient", oauth.perClient, OAUTH_SIGNIN_PER_CLIENT) } : {},
    signUp: addressBudgets("signUp", SIGN_UP_PER_ADDRESS, SIGN_UP_PER_CLIENT),
    passwordReset: addressBudgets("passwordReset", PASSWORD_RESET_PER_ADDRESS, PASSWORD_RESET_PER_CLIENT),
    verifyEmail: addressBudgets("verifyEmail", VERIFY_EMAIL_PER_ADDRESS, VERIFY_EMAIL_PER_CLIENT),
  }

  const trustedProxies = options.trustedProxies ?? []
  if (!Array.isArray(trustedProxies)) problems.push(new AuthError("rateLimit.trustedProxies must be an array of addresses or CIDR ranges."))
  else check("trustedProxies", () => trustedRanges(trustedProxies), [])

  const configured = options.store
  const perProcess = configured === undefined || configured === "memory"
  if (!perProcess && !isStore(configured)) {
    problems.push(new AuthError('rateLimit.store must be "memory" or a store with hit(key, windowMs, cost) and reset(key).'))
  }
  const store = perProcess || !isStore(configured) ? (sharedMemoryStore ??= memoryStore()) : configured
  const identifier = credentials && typeof credentials.identifier === "function" ? (credentials.identifier as ResolvedRateLimit["identifier"]) : undefined
  return { rateLimit: { store, perProcess, trustedProxies: Array.isArray(trustedProxies) ? trustedProxies : [], budgets, identifier }, problems }
}

function isStore(value: unknown): value is RateLimitStore {
  const store = value as RateLimitStore | null
  return typeof store === "object" && store !== null && typeof store.hit === "function" && typeof store.reset === "function"
}
