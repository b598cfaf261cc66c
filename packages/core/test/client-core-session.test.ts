/**
 * The client core's session holder (what a React `SessionProvider` renders): when it fetches `/session`, which answer
 * wins, what a failure leaves, and `update()` — on a fake page whose `/session` answers are released by the test.
 */
import { createSessionHolder, type AuthClient, type SessionHolderState } from "@gatehousejs/core/client"
import type { Session } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"

const alice: Session = { user: { name: "Alice" }, expires: "2099-01-01T00:00:00.000Z" }
const bob: Session = { user: { name: "Bob" }, expires: "2099-01-01T00:00:00.000Z" }
const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

/** A page whose every request waits until the test answers it with `answer(response)`, oldest first. */
function page(initial: Session | null | undefined): {
  states: SessionHolderState[]
  requests: { method: string; url: string; body: unknown }[]
  announced: () => number
  answer: (response: Response, index?: number) => Promise<void>
  holder: ReturnType<typeof createSessionHolder>
} {
  const states: SessionHolderState[] = []
  const requests: { method: string; url: string; body: unknown }[] = []
  const waiting: ((response: Response) => void)[] = []
  let announced = 0
  const client: AuthClient = {
    platform: {
      fetch: (url, init = {}) => {
        if (url.endsWith("/csrf")) return Promise.resolve(json({ csrfToken: "token" }))
        requests.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined })
        return new Promise((resolve) => waiting.push(resolve))
      },
      currentUrl: () => "https://app.example/",
      assign: () => {},
      reload: () => {},
      log: () => {},
    },
    endpoint: (action) => `/api/auth/${action}`,
  }
  const holder = createSessionHolder(client, initial, { onChange: (state) => void states.push(state), announce: () => void announced++ })
  const answer = async (response: Response, index = 0): Promise<void> => {
    waiting.splice(index, 1)[0]!(response)
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { states, requests, announced: () => announced, answer, holder }
}

describe("createSessionHolder", () => {
  it("mounts without a request when the server handed over a session, signed out (null) included", async () => {
    for (const initial of [alice, null]) {
      const p = page(initial)
      await p.holder.refresh("mount")
      expect(p.requests).toEqual([])
    }
  })

  it("without one: loading, then the session from one GET /session, announced to the others", async () => {
    const p = page(undefined)
    const done = p.holder.refresh("mount")
    expect(p.requests).toEqual([{ method: "GET", url: "/api/auth/session", body: undefined }])
    await p.answer(json(alice))
    await done
    expect(p.states).toEqual([{ session: alice, loading: false }])
    expect(p.announced()).toBe(1)
  })

  it("focus and polling fetch only while signed in; an announcement is fetched but not announced again", async () => {
    const p = page(null)
    await p.holder.refresh("focus")
    await p.holder.refresh("poll")
    expect(p.requests).toEqual([])
    const heard = p.holder.refresh("announcement")
    await p.answer(json(alice))
    await heard
    expect(p.states.at(-1)).toEqual({ session: alice, loading: false })
    expect(p.announced()).toBe(0)
  })

  it("only the answer to the latest request is applied, whatever order the answers arrive in", async () => {
    const p = page(alice)
    const first = p.holder.refresh("poll")
    const second = p.holder.refresh("focus")
    await p.answer(json(bob), 1)
    await p.answer(json(null), 0)
    await Promise.all([first, second])
    expect(p.states.at(-1)).toEqual({ session: bob, loading: false })
  })

  it("a failed first fetch leaves the page signed out; a failed later one keeps the last known session (a 503 is not a sign-out)", async () => {
    const first = page(undefined)
    const mounting = first.holder.refresh("mount")
    await first.answer(json({ error: "down" }, 503))
    await mounting
    expect(first.states).toEqual([{ session: null, loading: false }])

    const later = page(alice)
    const polling = later.holder.refresh("poll")
    await later.answer(json(null, 503))
    await polling
    expect(later.states).toEqual([])
  })

  it("update(data) POSTs { csrfToken, data } and resolves the new session; a failed update keeps the old one and resolves null", async () => {
    const p = page(alice)
    const renaming = p.holder.update({ name: "Bob" })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(p.requests).toEqual([{ method: "POST", url: "/api/auth/session", body: { csrfToken: "token", data: { name: "Bob" } } }])
    await p.answer(json(bob))
    expect(await renaming).toEqual(bob)
    expect(p.states).toEqual([
      { session: alice, loading: true },
      { session: bob, loading: false },
    ])
    expect(p.announced()).toBe(1)

    const failing = p.holder.update(undefined)
    await p.answer(json(null, 500))
    expect(await failing).toBeNull()
    expect(p.states.at(-1)).toEqual({ session: bob, loading: false })
  })

  it("a session the server rendered since wins over an answer still in flight, and so does unmounting", async () => {
    const p = page(alice)
    const polling = p.holder.refresh("poll")
    p.holder.replace(null)
    await p.answer(json(bob))
    await polling
    expect(p.states).toEqual([{ session: null, loading: false }])

    const q = page(undefined)
    const mounting = q.holder.refresh("mount")
    q.holder.dropPending()
    await q.answer(json(alice))
    await mounting
    expect(q.states).toEqual([])
  })
})
