/**
 * What the actions call: spend a request's budgets before the work it costs, refuse with `TooManyRequests` when one
 * is spent, and after a successful sign-in clear that identifier's failures and remember the device.
 */
import type { Context } from "../context.js"
import { TooManyRequests } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import type { CredentialsConfig } from "../providers/types.js"
import { budgetNetwork, clientAddress } from "./client-address.js"
import { deviceCookie, deviceCookieName, identifierTag, readDevice, type Device } from "./device-cookie.js"
import { budgetKey } from "./key.js"
import { mailboxOf } from "./mailbox.js"
import type { AddressAction, RateLimitedAction, RateLimitedBudget, ResolvedRateLimit } from "./options.js"
import { peerAddressOf } from "./peer.js"
import { clear, consumeAll, type RateLimitWindow } from "./policy.js"
import { firstTime } from "../said-once.js"

/** A budget to spend: its store key and windows, and what the `rateLimited` event calls it. */
interface Spend {
  budget: RateLimitedBudget
  key: string
  windows: readonly RateLimitWindow[]
}

/**
 * Spends the per-client budget of an entry (`budgets` in the route table): a WebAuthn ceremony step, an OAuth sign-in
 * start, a `Password` endpoint.
 */
export async function limitClient(ctx: Context, action: "webauthn" | "oauth" | AddressAction): Promise<void> {
  const rateLimit = ctx.config.rateLimit
  const windows = rateLimit?.budgets[action].client
  if (!rateLimit || !windows) return
  const client = await clientSpend(ctx, rateLimit, windows, action)
  if (client) await spend(ctx, rateLimit, action, [client])
}

/**
 * Spends the budgets of an e-mail sign-in: the address's — counted by its mailbox, so `victim+1@…` and `victim@…`
 * spend one budget (security catalog RT-14) — and the client's.
 */
export async function limitEmail(ctx: Context, address: string): Promise<void> {
  const rateLimit = ctx.config.rateLimit
  if (!rateLimit) return
  const { address: windows, client } = rateLimit.budgets.email
  const spends = await Promise.all([
    client && clientSpend(ctx, rateLimit, client, "email"),
    windows && budgetKey("address", mailboxOf(address), ctx.config.secrets[0]!).then((key): Spend => ({ budget: "address", key, windows })),
  ])
  await spend(ctx, rateLimit, "email", spends)
}

/**
 * Spends the per-address budget of a `Password` endpoint that mails the address (its per-client one is the entry's),
 * counted by mailbox as for e-mail sign-in (RT-14).
 */
export async function limitAddress(ctx: Context, action: AddressAction, address: string): Promise<void> {
  const rateLimit = ctx.config.rateLimit
  const windows = rateLimit?.budgets[action].address
  if (!rateLimit || !windows) return
  const key = await budgetKey(`address-${kebab(action)}`, mailboxOf(address), ctx.config.secrets[0]!)
  await spend(ctx, rateLimit, action, [{ budget: "address", key, windows }])
}

/** A credentials attempt that was let through; `succeeded` is called once `authorize` accepted it. */
export interface CredentialsAttempt {
  /** Clears the failures the attempt was counted with, and returns the device cookie naming this identifier. */
  succeeded(): Promise<Cookie[]>
}

/**
 * Spends the budgets of a credentials attempt: the client's, and the identifier's — or, from a browser whose device
 * cookie shows it signed in as this identifier before, that device's own budget for it, so that failures coming from
 * elsewhere do not keep the owner out (security catalog RL-03).
 */
export async function limitCredentials(ctx: Context, provider: CredentialsConfig, credentials: Record<string, unknown>): Promise<CredentialsAttempt | undefined> {
  const rateLimit = ctx.config.rateLimit
  if (!rateLimit) return undefined
  const { identifier: windows, client } = rateLimit.budgets.credentials
  const secret = ctx.config.secrets[0]!
  const identifier = windows ? identifierOf(rateLimit, provider, credentials) : undefined
  const [identifierKey, clientBudget] = await Promise.all([identifier ? budgetKey("identifier", identifier, secret) : undefined, client && clientSpend(ctx, rateLimit, client, "credentials")])
  let counted: Spend | undefined
  let device: Device | undefined
  if (identifierKey && windows) {
    const secure = ctx.cookies.sessionToken.options.secure === true
    device = await readDevice(ctx.req.cookies[deviceCookieName(secure)], ctx.config.secrets)
    const known = device?.tags.includes(identifierTag(identifierKey))
    counted = known
      ? { budget: "device", key: await budgetKey("device", `${device!.id}\0${identifierKey}`, secret), windows }
      : { budget: "identifier", key: identifierKey, windows }
  }
  await spend(ctx, rateLimit, "credentials", [clientBudget, counted])
  if (!counted || !identifierKey) return undefined
  return {
    async succeeded() {
      await clear(rateLimit.store, counted.key, counted.windows)
      const secure = ctx.cookies.sessionToken.options.secure === true
      return [await deviceCookie(device, identifierTag(identifierKey), secret, secure)]
    },
  }
}

/**
 * The identifier failures are counted against: the app's `rateLimit.credentials.identifier`, else the first field of
 * the provider's `credentials` that is not a password, else a submitted `username`, `email` or `login`.
 */
function identifierOf(rateLimit: ResolvedRateLimit, provider: CredentialsConfig, credentials: Record<string, unknown>): string | undefined {
  const chosen = rateLimit.identifier ? rateLimit.identifier(credentials) : defaultIdentifier(provider, credentials)
  return typeof chosen === "string" && chosen.trim() !== "" ? chosen.slice(0, 1024) : undefined
}

function defaultIdentifier(provider: CredentialsConfig, credentials: Record<string, unknown>): unknown {
  const fields = Object.entries(provider.credentials ?? {})
    .filter(([, field]) => (field as { type?: string } | undefined)?.type !== "password")
    .map(([name]) => name)
  const name = fields[0] ?? ["username", "email", "login"].find((candidate) => typeof credentials[candidate] === "string")
  return name === undefined ? undefined : credentials[name]
}

/** The client's budget, or `undefined` when the client is unknown (no framework said who is connected). */
/**
 * The client's budget for one endpoint. Each endpoint counts under a key of its own (`client-email`, …): with one key
 * for all, their one-minute windows shared one counter, so a few passkey ceremonies spent the e-mail budget (10 a
 * minute) and the e-mail inside a passkey registration was refused (issue 25 item 9).
 */
async function clientSpend(
  ctx: Context,
  rateLimit: ResolvedRateLimit,
  windows: readonly RateLimitWindow[],
  endpoint: RateLimitedAction,
): Promise<Spend | undefined> {
  const address = clientAddress(peerAddressOf(ctx.req.request), ctx.req.headers.get("x-forwarded-for"), rateLimit.trustedProxies)
  if (address === "unknown") {
    if (firstTime(undefined, "rate-limit-no-client-address")) {
      const hint = rateLimit.clientAddressHint
      ctx.config.logger.warn("rate-limit-no-client-address", hint ? `${hint} Until then per-client rate limits are off; ${STILL_APPLY}` : NO_CLIENT_ADDRESS)
    }
    return undefined
  }
  return { budget: "client", key: await budgetKey(`client-${kebab(endpoint)}`, budgetNetwork(address), ctx.config.secrets[0]!), windows }
}

/** Said once per process; a framework package's own advice (`clientAddressHint`) comes first. */
const STILL_APPLY = "per-identifier and per-address limits still apply."
const NO_CLIENT_ADDRESS =
  "Per-client rate limits are off: this integration does not say which address a request came from. Pass it with withPeerAddress(request, address), " +
  "or set rateLimit.trustedProxies to read X-Forwarded-For from your proxy. Per-identifier and per-address limits still apply."

/**
 * Spends a request's budgets, the client's listed first, all or nothing (`consumeAll`: a request one budget refuses
 * creates no counter in another); refuses with the longest wait of those that refused, after telling the
 * `rateLimited` event.
 */
async function spend(ctx: Context, rateLimit: ResolvedRateLimit, action: RateLimitedAction, spends: (Spend | undefined)[]): Promise<void> {
  const wanted = spends.filter((s): s is Spend => s !== undefined)
  if (wanted.length === 0) return
  const decisions = await consumeAll(rateLimit.store, wanted)
  let retryAfter = 0
  let refusedBy: Spend | undefined
  decisions.forEach((decision, i) => {
    // On a tie the budget listed last is named: the identifier's or address's rather than the client's.
    if (!decision.allowed && decision.retryAfter >= retryAfter) [retryAfter, refusedBy] = [decision.retryAfter, wanted[i]]
  })
  if (!refusedBy) return
  await ctx.config.events.rateLimited?.({ action, budget: refusedBy.budget, key: refusedBy.key, retryAfter })
  throw new TooManyRequests(retryAfter, action === "email" ? undefined : "Too many attempts; try again later.")
}

/** A budget kind from an action name (`signUp` → `sign-up`): store keys are lower case. */
function kebab(action: RateLimitedAction): string {
  return action.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
