/**
 * Alice and Bob, the demo's password accounts: users of the database with a verified address and a password record
 * set through the adapter (`setUserPassword`), as an app that imports its users does (docs/passwords.md, "Hashing").
 * Anyone else creates an account on `/auth/signup`.
 *
 * The hashes are argon2id PHC strings at OWASP's parameters, made once by the `Password` provider's own hasher
 * (`passwordHasher().hash(password)` of `@gatehousejs/core`'s `passwords/hash.js`, which is not a public export): the
 * provider verifies them as its own and never needs to re-hash them. Change a password here, change its hash with it;
 * `examples/demo/test/demo.test.ts` signs in with both.
 */

/**
 * Shown on the home page: this is a demo, the passwords are not secret. The ids are stable: they are the database ids.
 * Each password satisfies the provider's rules (15 characters or more, not on the list of common passwords).
 */
export const DEMO_ACCOUNTS = [
  {
    id: "1",
    name: "Alice",
    email: "alice@example.com",
    password: "down the rabbit hole",
    hash: "$argon2id$v=19$m=19456,t=2,p=1$8dPhy33bAqCwGA7JOeFRrg$3qoZTmQut7qap2b3P0PHEuSDVYGdKV9lvxyRA00iX5Q",
  },
  {
    id: "2",
    name: "Bob",
    email: "bob@example.com",
    password: "can we fix it yes we can",
    hash: "$argon2id$v=19$m=19456,t=2,p=1$NqaF1RYtGqbIFf4jmaDs7A$vemOPbYQwsABcNn99hvbq4ZiBakPggrj4i/1h22wiWI",
  },
]

/**
 * Creates alice and bob in the database unless they are there (by id), marks their addresses verified and gives them
 * their demo password unless they have one. Idempotent: run at every start. A password changed through the demo (a
 * reset, a change) stays until the database file is deleted.
 *
 * @example
 * await ensureDemoAccounts(adapter)
 */
export async function ensureDemoAccounts(adapter, { now = new Date() } = {}) {
  for (const { id, name, email, hash } of DEMO_ACCOUNTS) {
    const user = (await adapter.getUser(id)) ?? (await createDemoUser(adapter, { id, name, email, now }))
    // A database from before the demo used the Password provider has alice and bob unverified, without a password.
    if (!user.emailVerified) await adapter.updateUser({ id, emailVerified: now })
    if (!(await adapter.getUserPassword(id))) await adapter.setUserPassword(id, { hash, resetToken: null, updatedAt: now })
  }
}

async function createDemoUser(adapter, { id, name, email, now }) {
  const other = await adapter.getUserByEmail(email)
  if (other) {
    throw new Error(
      `The database already has a user with ${email} (id ${other.id}), so the demo user "${id}" cannot be created. Use another database file (DEMO_DB) or delete this one.`,
    )
  }
  return adapter.createUser({ id, name, email, emailVerified: now })
}
