/**
 * Keeping tabs in step: the `BroadcastChannel("next-auth")` protocol of next-auth/react v5, so a Gatehouse tab and a
 * next-auth tab of the same origin hear each other. A message is `{ event: "session", data: { trigger } }`, with
 * trigger `"signout"` or `"getSession"`; whoever hears one fetches the session itself (the session is never sent on
 * the channel) and does not answer, so messages cannot loop.
 *
 * The `SessionProvider`s mounted on this page are members. A channel never hears its own messages, so what one member
 * announces reaches the other members of this page directly, the same way it reaches other tabs.
 */

export type SessionTrigger = "signout" | "getSession"

export interface SessionMessage {
  event: "session"
  data: { trigger: SessionTrigger }
}

/** A mounted provider: `refetch` fetches the session and announces nothing. */
export interface Member {
  refetch: () => Promise<void>
}

const CHANNEL_NAME = "next-auth"
const members = new Set<Member>()
let channel: BroadcastChannel | null = null

/** Adds a provider to this page's members; returns the function that removes it. */
export function join(member: Member): () => void {
  members.add(member)
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL_NAME)
    channel.onmessage = (event: MessageEvent) => {
      if (isSessionMessage(event.data)) for (const each of members) void each.refetch()
    }
  }
  return () => {
    members.delete(member)
    // An open channel keeps a Node process (tests, SSR) alive and costs a browser nothing to reopen.
    if (members.size === 0 && channel) {
      channel.close()
      channel = null
    }
  }
}

/** Tells other tabs and this page's members (except `origin`, the one that already knows) to fetch the session. */
export function announce(trigger: SessionTrigger, origin?: Member): void {
  tellOtherTabs(trigger)
  for (const member of members) if (member !== origin) queueMicrotask(() => void member.refetch())
}

/** Tells other tabs only: this page's members are brought up to date by {@link refetchThisPage}. */
export function tellOtherTabs(trigger: SessionTrigger): void {
  const message: SessionMessage = { event: "session", data: { trigger } }
  if (channel) return channel.postMessage(message)
  // No channel on the server (Node has BroadcastChannel, but there are no tabs there to tell).
  if (typeof BroadcastChannel === "undefined" || typeof window === "undefined") return
  const once = new BroadcastChannel(CHANNEL_NAME)
  once.postMessage(message)
  once.close()
}

/** Every provider of this page fetches the session; resolves when all have their answer. */
export async function refetchThisPage(): Promise<void> {
  await Promise.all([...members].map((member) => member.refetch()))
}

function isSessionMessage(value: unknown): value is SessionMessage {
  return typeof value === "object" && value !== null && (value as { event?: unknown }).event === "session"
}
