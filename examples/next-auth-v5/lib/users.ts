/**
 * The example's password users. A real app looks users up in its database and compares password hashes (scrypt,
 * Argon2); here two public demo users are enough. Both digests are compared in constant time, and an unknown address
 * costs the same comparison, so a sign-in attempt does not tell who has an account.
 */
import { createHash, timingSafeEqual } from "node:crypto"

export type Role = "admin" | "member"

export interface DemoUser {
  id: string
  name: string
  email: string
  role: Role
}

/** Public on purpose: the home page shows them. */
export const DEMO_USERS: readonly (DemoUser & { password: string })[] = [
  { id: "alice", name: "Alice", email: "alice@example.com", role: "admin", password: "wonderland" },
  { id: "bob", name: "Bob", email: "bob@example.com", role: "member", password: "builder" },
]

const digest = (value: string): Buffer => createHash("sha256").update(value.normalize("NFC")).digest()

/** The user whose address and password match, else `null`. */
export function verifyUser(email: unknown, password: unknown): DemoUser | null {
  if (typeof email !== "string" || typeof password !== "string") return null
  const found = DEMO_USERS.find((user) => user.email === email.trim().toLowerCase())
  const matches = timingSafeEqual(digest(password), digest(found?.password ?? "\0no such user"))
  if (!found || !matches) return null
  const { password: _password, ...user } = found
  return user
}
