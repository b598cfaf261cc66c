/** What the registry records about a new session: when, from which browser (its `User-Agent`) and which address. */
import type { SessionMetadata } from "../adapters.js"
import type { Context } from "../context.js"
import { clientAddress } from "../rate-limit/client-address.js"
import { peerAddressOf } from "../rate-limit/peer.js"

const MAX_USER_AGENT = 512

/**
 * The metadata of a session starting now. The address is the one the rate limits use: the connection's peer, or the
 * right-most untrusted `X-Forwarded-For` entry behind `rateLimit.trustedProxies`; never a header a client chose.
 */
export function newSessionMetadata(ctx: Context, now: Date): SessionMetadata {
  const { req, config } = ctx
  const agent = req.headers.get("user-agent")
  const address = clientAddress(peerAddressOf(req.request), req.headers.get("x-forwarded-for"), config.rateLimit?.trustedProxies ?? [])
  return {
    createdAt: now,
    lastActiveAt: now,
    userAgent: agent ? agent.slice(0, MAX_USER_AGENT) : null,
    ip: address === "unknown" ? null : address,
  }
}
