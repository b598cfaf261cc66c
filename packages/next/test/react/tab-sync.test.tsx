// @vitest-environment happy-dom
/**
 * Tabs in step over `BroadcastChannel("next-auth")`, next-auth's own protocol: two providers (two tabs) follow each
 * other, a next-auth tab's messages are understood, and ours reach it in its format. A message is never answered.
 */
import type { Session } from "@gatehousejs/core"
import { SessionProvider, signIn, signOut, useSession, type UpdateSession } from "@gatehousejs/next/react"
import { act, cleanup, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, test, vi } from "vitest"
import { ALICE, PASSWORD, startServer } from "./helpers/server.js"

const SESSION = "/api/auth/session"
const aliceSession: Session = { user: { name: ALICE.name, email: ALICE.email }, expires: "2099-01-01T00:00:00.000Z" }

const updates: Record<string, UpdateSession> = {}
function Tab({ name }: { name: string }): React.ReactElement {
  const { data, status, update } = useSession()
  updates[name] = update
  return <p data-testid={name}>{`${status}:${data?.user?.name ?? "-"}`}</p>
}
const tab = (name: string): string => screen.getByTestId(name).textContent ?? ""

/** A next-auth tab of the same origin, as far as the channel can tell. */
function nextAuthTab(): { heard: unknown[]; post: (message: unknown) => void; close: () => void } {
  const channel = new BroadcastChannel("next-auth")
  const heard: unknown[] = []
  channel.onmessage = (event: MessageEvent) => heard.push(event.data)
  return { heard, post: (message) => channel.postMessage(message), close: () => channel.close() }
}

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe("two providers", () => {
  test("signing in with redirect: false in one tab turns the other authenticated", async () => {
    startServer()
    render(
      <>
        <SessionProvider session={null}><Tab name="a" /></SessionProvider>
        <SessionProvider session={null}><Tab name="b" /></SessionProvider>
      </>,
    )
    await act(async () => {
      await signIn("credentials", { username: "alice", password: PASSWORD, redirect: false })
    })
    await waitFor(() => expect([tab("a"), tab("b")]).toEqual(["authenticated:Alice", "authenticated:Alice"]))
  })

  test("update(data) in one tab: the other fetches the renamed session itself", async () => {
    const server = startServer()
    await server.signInAlice()
    render(
      <>
        <SessionProvider session={aliceSession}><Tab name="a" /></SessionProvider>
        <SessionProvider session={aliceSession}><Tab name="b" /></SessionProvider>
      </>,
    )
    await act(async () => {
      await updates.a!({ name: "Alicia" })
    })
    await waitFor(() => expect(tab("b")).toBe("authenticated:Alicia"))
    expect(server.count("POST", SESSION)).toBe(1)
    expect(server.count("GET", SESSION)).toBe(1)
  })

  test("signing out with redirect: false: both tabs unauthenticated", async () => {
    const server = startServer()
    await server.signInAlice()
    render(
      <>
        <SessionProvider session={aliceSession}><Tab name="a" /></SessionProvider>
        <SessionProvider session={aliceSession}><Tab name="b" /></SessionProvider>
      </>,
    )
    await act(async () => {
      await signOut({ redirect: false })
    })
    expect([tab("a"), tab("b")]).toEqual(["unauthenticated:-", "unauthenticated:-"])
  })
})

describe("two tabs: separate copies of the module, linked only by the BroadcastChannel", () => {
  async function secondTab(): Promise<typeof import("@gatehousejs/next/react")> {
    vi.resetModules() // React stays shared (an external dependency); our module graph is evaluated afresh
    const other = await import("@gatehousejs/next/react")
    expect(other.SessionProvider).not.toBe(SessionProvider)
    return other
  }

  test("signOut in one tab: the other hears `signout` over the channel and turns unauthenticated", async () => {
    const server = startServer()
    await server.signInAlice()
    const other = await secondTab()
    const { SessionProvider: OtherProvider } = other
    render(
      <>
        <SessionProvider session={aliceSession}><Tab name="a" /></SessionProvider>
        <OtherProvider session={aliceSession}><p>tab b</p></OtherProvider>
      </>,
    )
    await act(async () => {
      await other.signOut({ redirect: false })
    })
    await waitFor(() => expect(tab("a")).toBe("unauthenticated:-"))
    expect(server.count("GET", SESSION)).toBe(2) // one per tab, and nobody answered the message
  })

  test("signIn with redirect: false in one tab tells the other over the channel (next-auth tells no one)", async () => {
    const server = startServer()
    const other = await secondTab()
    const { SessionProvider: OtherProvider } = other
    render(
      <>
        <SessionProvider session={null}><Tab name="a" /></SessionProvider>
        <OtherProvider session={null}><p>tab b</p></OtherProvider>
      </>,
    )
    await act(async () => {
      await other.signIn("credentials", { username: "alice", password: PASSWORD, redirect: false })
    })
    await waitFor(() => expect(tab("a")).toBe("authenticated:Alice"))
    expect(server.count("GET", SESSION)).toBe(2)
  })

  test("a tab that loads and finds a session tells the other, which was signed out", async () => {
    const server = startServer()
    const other = await secondTab()
    const { SessionProvider: OtherProvider } = other
    render(<SessionProvider session={null}><Tab name="a" /></SessionProvider>)
    await server.signInAlice() // e.g. an OAuth sign-in that ended with a full page load in the other tab
    render(<OtherProvider><p>tab b</p></OtherProvider>)
    await waitFor(() => expect(tab("a")).toBe("authenticated:Alice"))
  })
})

describe("a next-auth tab on the same origin", () => {
  test("its signout message makes the page fetch the session, and the page does not answer", async () => {
    const server = startServer()
    await server.signInAlice()
    const other = nextAuthTab()
    render(<SessionProvider session={aliceSession}><Tab name="a" /></SessionProvider>)
    server.jar.delete("authjs.session-token") // what its sign-out did to the shared cookie
    other.post({ event: "session", data: { trigger: "signout" } })
    await waitFor(() => expect(tab("a")).toBe("unauthenticated:-"))
    await settle()
    expect(server.count("GET", SESSION)).toBe(1)
    expect(other.heard).toEqual([])
    other.close()
  })

  test("our announcements reach it in next-auth's format: getSession after our own fetch, signout after signOut", async () => {
    const server = startServer()
    await server.signInAlice()
    const other = nextAuthTab()
    vi.spyOn(window.location, "href", "set").mockImplementation(() => {})
    render(<SessionProvider><Tab name="a" /></SessionProvider>)
    await waitFor(() => expect(tab("a")).toBe("authenticated:Alice"))
    await waitFor(() => expect(other.heard).toEqual([{ event: "session", data: { trigger: "getSession" } }]))
    await signOut()
    await waitFor(() => expect(other.heard.at(-1)).toEqual({ event: "session", data: { trigger: "signout" } }))
    other.close()
  })

  test("messages of another shape on the channel are ignored", async () => {
    const server = startServer()
    const other = nextAuthTab()
    render(<SessionProvider session={null}><Tab name="a" /></SessionProvider>)
    other.post({ event: "something-else" })
    other.post("hello")
    await settle()
    expect(server.count("GET", SESSION)).toBe(0)
    other.close()
  })
})
