/**
 * Credentials with an adapter and database sessions (issue 25 item 6): the README's snippet — `authorize` returning
 * the app's own user — signs in instead of answering "Server error". The user and its `credentials` account are made
 * on the first sign-in, exactly once under concurrency; the id identifies the user; an address another stored user
 * holds is never linked unless the provider allows it.
 */
import type { Adapter, AdapterUser, AuthConfig, User } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { describe, expect, it, vi } from "vitest"
import { createMemoryStore, MemoryAdapter } from "../../../adapter-test/test/memory-adapter.js"
import { Browser, testConfig } from "../helpers/auth.js"

/** The app's own user table, outside the adapter: what `authorize` reads in the README. */
const appUsers: Record<string, { id: string; name: string; email?: string; password: string }> = {
  alice: { id: "42", name: "Alice", email: "alice@example.com", password: "correct horse" },
  bob: { id: "7", name: "Bob", email: "bob@example.com", password: "battery staple" },
}

function provider(returned: (user: (typeof appUsers)[string]) => User = ({ id, name, email }) => ({ id, name, email }), extra = {}) {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: ({ username, password }) => {
      const user = appUsers[String(username)]
      return user && user.password === password ? returned(user) : null
    },
    ...extra,
  })
}

function world(adapter: Adapter, overrides: Partial<AuthConfig> = {}) {
  const events = { createUser: vi.fn(), linkAccount: vi.fn(), signIn: vi.fn() }
  const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
  const config = testConfig({ adapter, events, logger, providers: [provider()], ...overrides })
  return { config, events, logger, browser: () => new Browser(config) }
}

async function signIn(browser: Browser, username: string): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/callback/credentials", { body: { username, password: appUsers[username]!.password, csrfToken, callbackUrl: "/home" } })
}

const adapters = {
  memory: () => MemoryAdapter(createMemoryStore()),
  SQLite: () => SqliteAdapter({ filename: ":memory:" }),
}

describe.each(Object.entries(adapters))("credentials + %s adapter + database sessions", (_name, makeAdapter) => {
  it("the first sign-in creates the user and its credentials account; later sign-ins are that user", async () => {
    const adapter = makeAdapter()
    const { events, browser } = world(adapter)
    const first = browser()
    const response = await signIn(first, "alice")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("https://app.example/home")
    const session = (await first.session()) as { user: { name: string; email: string } }
    expect(session.user).toMatchObject({ name: "Alice", email: "alice@example.com" })

    const user = (await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "42" }))!
    expect(user).toMatchObject({ name: "Alice", email: "alice@example.com", emailVerified: null })
    expect(events.createUser).toHaveBeenCalledTimes(1)
    expect(events.linkAccount).toHaveBeenCalledTimes(1)
    expect(events.signIn.mock.calls[0]![0]).toMatchObject({ isNewUser: true, user: { id: user.id } })

    const again = browser()
    expect((await signIn(again, "alice")).headers.get("location")).toBe("https://app.example/home")
    expect(events.createUser).toHaveBeenCalledTimes(1)
    expect(events.signIn.mock.calls[1]![0]).toMatchObject({ isNewUser: false, user: { id: user.id } })
    expect(await adapter.getUserByEmail!("alice@example.com")).toMatchObject({ id: user.id })
  })

  it("simultaneous first sign-ins make exactly one user and one account, and all of them sign in as it", async () => {
    const adapter = makeAdapter()
    // Rate limits off: eight tries within a millisecond is what they exist to refuse.
    const { events, browser } = world(adapter, { rateLimit: false })
    const browsers = Array.from({ length: 8 }, browser)
    const csrf = await Promise.all(browsers.map((b) => b.csrfToken()))
    const answers = await Promise.all(
      browsers.map((b, i) => b.request("/callback/credentials", { body: { username: "bob", password: appUsers.bob!.password, csrfToken: csrf[i]! } })),
    )
    for (const answer of answers) expect(answer.headers.get("location")).not.toContain("error")
    const user = (await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "7" }))!
    const sessions = (await Promise.all(browsers.map((b) => b.session()))) as Array<{ user: { email: string } }>
    for (const session of sessions) expect(session.user.email).toBe("bob@example.com")
    expect(events.createUser).toHaveBeenCalledTimes(1)
    expect(await adapter.getUserByEmail!("bob@example.com")).toMatchObject({ id: user.id })
  })

  it("a user without an id is a configuration error the log explains; nothing is stored", async () => {
    const adapter = makeAdapter()
    const { events, logger, browser } = world(adapter, { providers: [provider(({ name, email }) => ({ name, email }))] })
    const response = await signIn(browser(), "alice")
    expect(response.headers.get("location")).toBe("https://app.example/auth/error?error=Configuration")
    const logged = logger.error.mock.calls.map(([error]) => String((error as Error).message))
    expect(logged.join("\n")).toContain("returned a user without an `id`")
    expect(await adapter.getUserByEmail!("alice@example.com")).toBeNull()
    expect(events.createUser).not.toHaveBeenCalled()
  })

  it("an address another stored user holds is refused with AccountNotLinked, and nothing moves", async () => {
    const adapter = makeAdapter()
    const owner = await adapter.createUser!({ id: crypto.randomUUID(), name: "Other Alice", email: "alice@example.com", emailVerified: null })
    const { browser } = world(adapter)
    const visitor = browser()
    const response = await signIn(visitor, "alice")
    expect(response.headers.get("location")).toBe("https://app.example/auth/signin?error=AccountNotLinked")
    expect(await visitor.session()).toBeNull()
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "42" })).toBeNull()
    const page = await (await visitor.request("/signin?error=AccountNotLinked")).text()
    expect(page).toContain("To confirm your identity, sign in with the same account you used originally.")
    expect(await adapter.getUser!(owner.id)).toMatchObject({ name: "Other Alice" })
  })

  it("allowDangerousEmailAccountLinking links the account to the user with that address", async () => {
    const adapter = makeAdapter()
    const owner = await adapter.createUser!({ id: crypto.randomUUID(), name: "Alice", email: "alice@example.com", emailVerified: null })
    const { browser } = world(adapter, { providers: [provider(undefined, { allowDangerousEmailAccountLinking: true })] })
    expect((await signIn(browser(), "alice")).headers.get("location")).toBe("https://app.example/home")
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "42" })).toMatchObject({ id: owner.id })
  })

  it("authorize returning a stored user signs in as that user and creates nothing (the app keeps its users in the adapter)", async () => {
    const adapter = makeAdapter()
    const stored: AdapterUser = await adapter.createUser!({ id: crypto.randomUUID(), name: "Carol", email: "carol@example.com", emailVerified: null })
    const { events, browser } = world(adapter, { providers: [provider(() => ({ id: stored.id, name: "Carol", email: "carol@example.com" }))] })
    const visitor = browser()
    expect((await signIn(visitor, "alice")).headers.get("location")).toBe("https://app.example/home")
    expect(await visitor.session()).toMatchObject({ user: { email: "carol@example.com" } })
    expect(events.createUser).not.toHaveBeenCalled()
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: stored.id })).toBeNull()
  })

  it("an app id that happens to equal another stored user's id, with another address, never signs in as that user", async () => {
    const adapter = makeAdapter()
    const stranger = await adapter.createUser!({ id: crypto.randomUUID(), name: "Mallory", email: "mallory@example.com", emailVerified: null })
    const { browser } = world(adapter, { providers: [provider(({ name, email }) => ({ id: stranger.id, name, email }))] })
    const visitor = browser()
    expect((await signIn(visitor, "alice")).headers.get("location")).toBe("https://app.example/home")
    const session = (await visitor.session()) as { user: { email: string } }
    expect(session.user.email).toBe("alice@example.com")
    expect((await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: stranger.id }))!.id).not.toBe(stranger.id)
  })

  it("a signIn callback that refuses leaves nothing behind", async () => {
    const adapter = makeAdapter()
    const { browser, events } = world(adapter, { callbacks: { signIn: () => false } })
    expect((await signIn(browser(), "alice")).headers.get("location")).toContain("error=AccessDenied")
    expect(await adapter.getUserByEmail!("alice@example.com")).toBeNull()
    expect(events.createUser).not.toHaveBeenCalled()
  })

  it("JWT sessions never touch the adapter, as in Auth.js", async () => {
    const adapter = makeAdapter()
    const { events, browser } = world(adapter, { session: { strategy: "jwt" } })
    const visitor = browser()
    expect((await signIn(visitor, "alice")).headers.get("location")).toBe("https://app.example/home")
    expect(await visitor.session()).toMatchObject({ user: { email: "alice@example.com" } })
    expect(await adapter.getUserByEmail!("alice@example.com")).toBeNull()
    expect(events.createUser).not.toHaveBeenCalled()
  })
})
