/**
 * Test helpers: a real configuration (Credentials, JWT sessions), a sign-in through the real route handlers, and
 * readers for cookies and for the `NEXT_REDIRECT` that `redirect()` throws.
 */
import { memoryStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { NextRequest } from "next/server.js"
import { expect } from "vitest"
import type { AppRouteHandlers, NextAuthConfig } from "../../src/index.js"

export const SECRET = "a-test-secret-that-is-long-enough-0123456789"
export const ORIGIN = "http://localhost:3000"
/** On http:// the cookies carry no `__Secure-` prefix. */
export const SESSION_COOKIE = "authjs.session-token"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", password: "correct horse battery staple" }

export function testConfig(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    // Rate limits on, as by default, but counted per configuration (one store each), not across the whole file.
    rateLimit: { store: memoryStore() },
    secret: SECRET,
    trustHost: true,
    session: { strategy: "jwt" },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === "alice" && password === alice.password ? { id: alice.id, name: alice.name, email: alice.email } : null,
      }),
    ],
    ...overrides,
  }
}

/** `name=value` pairs of the `Set-Cookie` lines that set (not clear) a cookie, ready for a `Cookie` header. */
export function cookiePairs(lines: string[]): string {
  return lines
    .filter((line) => !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line))
    .map((line) => line.split(";")[0]!)
    .join("; ")
}

/** Signs Alice in through `handlers` (CSRF token, then the credentials callback) and returns her session cookie. */
export async function signInCookie(handlers: AppRouteHandlers, origin = ORIGIN, basePath = "/api/auth"): Promise<string> {
  const csrf = await handlers.GET(new NextRequest(`${origin}${basePath}/csrf`))
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const response = await handlers.POST(
    new NextRequest(`${origin}${basePath}/callback/credentials`, {
      method: "POST",
      headers: { cookie: cookiePairs(csrf.headers.getSetCookie()), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "alice", password: alice.password, csrfToken }),
    }),
  )
  expect(response.status).toBe(302)
  const session = response.headers.getSetCookie().filter((line) => /^(__Secure-)?authjs\.session-token=/.test(line))
  expect(session).toHaveLength(1)
  return cookiePairs(session)
}

/** The URL of the `NEXT_REDIRECT` error `redirect()` throws; fails the test if `promise` does not reject with one. */
export async function redirectOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  const digest = (error as { digest?: unknown } | undefined)?.digest
  expect(typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;"), `expected NEXT_REDIRECT, got ${String(error)}`).toBe(true)
  // NEXT_REDIRECT;<replace|push>;<url>;<status>;
  return (digest as string).split(";").slice(2, -2).join(";")
}
