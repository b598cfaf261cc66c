/** A configuration for the tests: JWT sessions, one credentials user, a quiet logger, rate limits per configuration. */
import { memoryStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import type { SvelteKitAuthConfig } from "../../src/index.js"

export const SECRET = "a-sveltekit-test-secret-that-is-long-enough-0123456789"
export const SESSION_COOKIE = "authjs.session-token"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" }

export function testConfig(overrides: Partial<SvelteKitAuthConfig> = {}): SvelteKitAuthConfig {
  return {
    rateLimit: { store: memoryStore() },
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === alice.username && password === alice.password ? { id: alice.id, name: alice.name, email: alice.email } : null,
      }),
    ],
    ...overrides,
  }
}
