/**
 * The example's password users. A real app keeps users and password hashes in its database; here two users are
 * enough, their passwords hashed with scrypt (node:crypto) when the server starts, so that the check is the one a
 * real app makes. `verifyUser` costs one scrypt whether or not the username exists: a sign-in attempt does not tell
 * who has an account.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto"

/** Public on purpose: the home page shows them. */
export const DEMO_USERS = [
  { id: "alice", username: "alice", password: "wonderland", name: "Alice", email: "alice@example.com" },
  { id: "bob", username: "bob", password: "builder", name: "Bob", email: "bob@example.com" },
] as const

export interface PasswordUser {
  id: string
  name: string
  email: string
}

// OWASP's scrypt parameters (N = 2^17, r = 8, p = 1): about half a second per check on a small machine.
const SCRYPT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const KEY_BYTES = 32

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

async function hash(password: string): Promise<{ salt: Buffer; key: Buffer }> {
  const salt = randomBytes(16)
  return { salt, key: await derive(password, salt) }
}

// Hashed once per server process, on first use.
let hashed: Promise<{ users: (PasswordUser & { username: string; salt: Buffer; key: Buffer })[]; dummy: { salt: Buffer; key: Buffer } }> | undefined

function directory(): NonNullable<typeof hashed> {
  hashed ??= (async () => ({
    users: await Promise.all(DEMO_USERS.map(async ({ password, ...user }) => ({ ...user, ...(await hash(password)) }))),
    // Checked against when the username is unknown, so that case costs the same.
    dummy: await hash("never matches: the username was unknown"),
  }))()
  return hashed
}

/** The user when the username and password match, else `null`. */
export async function verifyUser(username: unknown, password: unknown): Promise<PasswordUser | null> {
  if (typeof username !== "string" || typeof password !== "string" || password.length > 1024) return null
  const { users, dummy } = await directory()
  const user = users.find((u) => u.username === username.trim().toLowerCase())
  const { salt, key } = user ?? dummy
  const matches = timingSafeEqual(await derive(password, salt), key)
  return user && matches ? { id: user.id, name: user.name, email: user.email } : null
}
