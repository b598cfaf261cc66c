/**
 * The example's password users: the demo's user directory (examples/demo/src/users.js): alice / wonderland and
 * bob / builder, hashed with scrypt on first use; a check costs the same whether or not the user exists. They are
 * users of the database too (created at the first sign-in), so that their sessions are recorded like everyone's.
 */
import type { Adapter } from "@gatehousejs/core/adapters"
import { createUserDirectory, DEMO_USERS, ensureDemoUsers } from "../../../../demo/src/users.js"

export interface PasswordUser {
  id: string
  name: string
  email: string
}

export const demoUsers: { username: string; password: string; name: string }[] = DEMO_USERS

let directory: { verify: (username: unknown, password: unknown) => Promise<PasswordUser | null> } | undefined
let stored: Promise<void> | undefined

/** The user when the username and password match, else `null`. */
export async function verifyUser(adapter: Adapter, username: unknown, password: unknown): Promise<PasswordUser | null> {
  stored ??= ensureDemoUsers(adapter)
  await stored
  directory ??= createUserDirectory()
  return directory!.verify(username, password)
}
