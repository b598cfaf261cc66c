/**
 * The user directory of examples/hono and examples/sveltekit, which still sign in with a credentials provider of their
 * own (the demo itself uses Gatehouse's `Password` provider: accounts.js): two users whose passwords are hashed at
 * start-up (a real app stores only the hashes, in its database). `verify` answers in the same time whether or not the user exists, so a sign-in attempt cannot be
 * used to find out who has an account.
 *
 * With database sessions a session points at a stored user, so the two users are also users of the database (same
 * ids, created at start if missing): `ensureDemoUsers`.
 */
import { DEFAULT_LOG_COST, hashPassword, verifyPassword } from "./password.js"

/** Shown on the home page: this is a demo, the passwords are not secret. The ids are stable: they are the database ids. */
export const DEMO_USERS = [
  { id: "1", username: "alice", password: "wonderland", name: "Alice", email: "alice@example.com" },
  { id: "2", username: "bob", password: "builder", name: "Bob", email: "bob@example.com" },
]

/**
 * Hashes the demo passwords (in the background: the server listens at once, the first sign-in waits for them).
 *
 * @example
 * const users = createUserDirectory()
 * const user = await users.verify("alice", "wonderland") // { id: "1", name: "Alice", email: "alice@example.com" }
 */
export function createUserDirectory({ logCost = DEFAULT_LOG_COST } = {}) {
  const ready = Promise.all([
    Promise.all(DEMO_USERS.map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password, { logCost }) }))),
    // Verified against when the username is unknown, so that case costs one scrypt like every other.
    hashPassword("dummy password, never matches a login", { logCost }),
  ])
  ready.catch(() => {}) // reported by `verify`; keeps an early failure from being an unhandled rejection

  return {
    /** The user (`id`, `name`, `email`) when the username and password match, else `null`. */
    async verify(username, password) {
      const [users, dummyHash] = await ready
      if (typeof username !== "string" || typeof password !== "string") return null
      const user = users.find((u) => u.username === username.trim().toLowerCase())
      const matches = await verifyPassword(user?.passwordHash ?? dummyHash, password)
      if (!user || !matches) return null
      return { id: user.id, name: user.name, email: user.email }
    },
  }
}

/**
 * Creates alice and bob in the database unless they are there already (by id). Idempotent: run at every start.
 *
 * @example
 * await ensureDemoUsers(adapter)
 */
export async function ensureDemoUsers(adapter) {
  for (const { id, name, email } of DEMO_USERS) {
    if (await adapter.getUser(id)) continue
    const other = await adapter.getUserByEmail(email)
    if (other) {
      throw new Error(
        `The database already has a user with ${email} (id ${other.id}), so the demo user "${id}" cannot be created. Use another database file (DEMO_DB) or delete this one.`,
      )
    }
    await adapter.createUser({ id, name, email, emailVerified: null })
  }
}
