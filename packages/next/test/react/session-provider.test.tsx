// @vitest-environment happy-dom
/**
 * `<SessionProvider>` and `useSession()` against a real Gatehouse instance: when the session is fetched, what the
 * status says meanwhile, `required`, focus and interval refetches, and failures that must not break the page.
 */
import type { Session } from "@gatehousejs/core"
import { SessionProvider, useSession } from "@gatehousejs/next/react"
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, test, vi } from "vitest"
import { captureConsoleErrors, watchNavigation } from "./helpers/page.js"
import { ALICE, startServer, testConfig } from "./helpers/server.js"

const SESSION = "/api/auth/session"
const aliceSession: Session = { user: { name: ALICE.name, email: ALICE.email }, expires: "2099-01-01T00:00:00.000Z" }

function Status(): React.ReactElement {
  const { data, status } = useSession()
  return <p data-testid="status">{`${status}:${data?.user?.name ?? "-"}`}</p>
}

const status = (): string => screen.getByTestId("status").textContent ?? ""

/** Lets pending fetches, effects and messages settle. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe("the first render", () => {
  test("a session handed over by the server is used as it is: authenticated at once, no request on mount", async () => {
    const server = startServer()
    render(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    expect(status()).toBe("authenticated:Alice")
    await settle()
    expect(server.requests).toEqual([])
  })

  test("`session={null}` from the server means signed out, also without a request", async () => {
    const server = startServer()
    render(<SessionProvider session={null}><Status /></SessionProvider>)
    expect(status()).toBe("unauthenticated:-")
    await settle()
    expect(server.requests).toEqual([])
  })

  test("without a session prop: loading, then authenticated from one GET /session", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider><Status /></SessionProvider>)
    expect(status()).toBe("loading:-")
    expect(await screen.findByText("authenticated:Alice")).toBeTruthy()
    expect(server.count("GET", SESSION)).toBe(1)
  })

  test("without a session prop and nobody signed in: loading (data null, as the type says), then unauthenticated", async () => {
    startServer()
    let seen: unknown = "nothing yet"
    function Data(): null {
      seen = useSession().data
      return null
    }
    render(<SessionProvider><Status /><Data /></SessionProvider>)
    expect(status()).toBe("loading:-")
    expect(seen).toBeNull()
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy()
  })

  test("a new session prop from the server (a server action re-rendered the layout) replaces the state", async () => {
    startServer()
    const { rerender } = render(<SessionProvider session={null}><Status /></SessionProvider>)
    expect(status()).toBe("unauthenticated:-")
    rerender(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    expect(await screen.findByText("authenticated:Alice")).toBeTruthy()
  })

  test("useSession outside a SessionProvider throws, naming the fix", () => {
    captureConsoleErrors()
    expect(() => render(<Status />)).toThrow("`useSession` must be wrapped in a <SessionProvider />")
  })
})

describe("required sessions", () => {
  function Required({ onUnauthenticated }: { onUnauthenticated?: () => void }): React.ReactElement {
    const { status } = useSession({ required: true, onUnauthenticated })
    return <p data-testid="status">{status}</p>
  }

  test("required without a session calls onUnauthenticated and reports loading, not unauthenticated", async () => {
    startServer()
    const onUnauthenticated = vi.fn()
    render(<SessionProvider session={null}><Required onUnauthenticated={onUnauthenticated} /></SessionProvider>)
    await settle()
    expect(onUnauthenticated).toHaveBeenCalled()
    expect(status()).toBe("loading")
  })

  test("required without onUnauthenticated sends the browser to the sign-in page with error=SessionRequired and callbackUrl", async () => {
    startServer()
    const navigation = watchNavigation()
    render(<SessionProvider><Required /></SessionProvider>)
    await settle()
    expect(navigation.hrefs()).toEqual([
      `/api/auth/signin?${new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })}`,
    ])
  })

  test("required with a session renders it and goes nowhere", async () => {
    const server = startServer()
    await server.signInAlice()
    const navigation = watchNavigation()
    render(<SessionProvider><Required onUnauthenticated={() => navigation.hrefs()} /></SessionProvider>)
    expect(await screen.findByText("authenticated")).toBeTruthy()
    expect(navigation.hrefs()).toEqual([])
  })
})

describe("refetching", () => {
  const becomeVisible = (): void => void document.dispatchEvent(new Event("visibilitychange"))

  test("a tab that becomes visible fetches the session again while signed in", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    act(becomeVisible)
    await settle()
    expect(server.count("GET", SESSION)).toBe(1)
  })

  test("focus does not fetch while signed out, nor with refetchOnWindowFocus={false}", async () => {
    const server = startServer()
    const { unmount } = render(<SessionProvider session={null}><Status /></SessionProvider>)
    act(becomeVisible)
    await settle()
    unmount()
    render(<SessionProvider session={aliceSession} refetchOnWindowFocus={false}><Status /></SessionProvider>)
    act(becomeVisible)
    await settle()
    expect(server.count("GET", SESSION)).toBe(0)
  })

  test("the focus refetch sees a sign-out made elsewhere", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    server.jar.delete("authjs.session-token") // signed out in another tab
    act(becomeVisible)
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy()
  })

  test("refetchInterval polls every N seconds while signed in, and stops when unmounted", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    const server = startServer()
    await server.signInAlice()
    const { unmount } = render(<SessionProvider session={aliceSession} refetchInterval={60}><Status /></SessionProvider>)
    await act(() => vi.advanceTimersByTimeAsync(59_000))
    expect(server.count("GET", SESSION)).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await settle()
    expect(server.count("GET", SESSION)).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(120_000))
    await settle()
    expect(server.count("GET", SESSION)).toBe(3)
    unmount()
    await act(() => vi.advanceTimersByTimeAsync(600_000))
    expect(server.count("GET", SESSION)).toBe(3)
  })

  test("refetchInterval does not poll while signed out", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    const server = startServer()
    render(<SessionProvider session={null} refetchInterval={10}><Status /></SessionProvider>)
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    await settle()
    expect(server.count("GET", SESSION)).toBe(0)
  })

  test("refetchWhenOffline={false}: no polling while the browser is offline, polling again once online", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider session={aliceSession} refetchInterval={10} refetchWhenOffline={false}><Status /></SessionProvider>)
    act(() => void window.dispatchEvent(new Event("offline")))
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(server.count("GET", SESSION)).toBe(0)
    act(() => void window.dispatchEvent(new Event("online")))
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    await settle()
    expect(server.count("GET", SESSION)).toBe(1)
  })

  test("basePath sends every request to where the handlers are mounted", async () => {
    const server = startServer(testConfig({ basePath: "/auth" }))
    render(<SessionProvider basePath="/auth"><Status /></SessionProvider>)
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy()
    expect(server.count("GET", "/auth/session")).toBe(1)
    cleanup()
    // The base path is one per page, like next-auth's: put the default back for the other tests.
    render(<SessionProvider basePath="/api/auth" session={null}><Status /></SessionProvider>)
  })
})

describe("failures never throw out of the hook", () => {
  test("the network failing on the first fetch: unauthenticated, one console line", async () => {
    const server = startServer()
    const errors = captureConsoleErrors()
    server.offline = true
    render(<SessionProvider><Status /></SessionProvider>)
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy()
    expect(errors.lines()).toEqual(["[gatehouse] GET /api/auth/session failed: network error (TypeError: Failed to fetch)"])
  })

  test("a body that is not JSON: unauthenticated, and the console line does not quote the body", async () => {
    const server = startServer()
    const errors = captureConsoleErrors()
    server.intercept = () => new Response("<html>proxy error page</html>", { status: 200, headers: { "content-type": "text/html" } })
    render(<SessionProvider><Status /></SessionProvider>)
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy()
    expect(errors.text()).toContain("GET /api/auth/session failed: HTTP 200 with a body that is not JSON")
    expect(errors.text()).not.toContain("proxy error page")
  })

  test("a failed refetch keeps the last known session: a 503 from /session means unknown, not signed out", async () => {
    const server = startServer()
    captureConsoleErrors()
    server.intercept = (request) => (request.path === SESSION ? Response.json(null, { status: 503 }) : undefined)
    render(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    act(() => void document.dispatchEvent(new Event("visibilitychange")))
    await settle()
    expect(server.count("GET", SESSION)).toBe(1)
    expect(status()).toBe("authenticated:Alice")
  })
})
