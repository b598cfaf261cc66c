// Route handlers, middleware, server components and server actions of the same app.
import { createActionURL } from "@gatehousejs/core"
import {
  AuthError,
  CredentialsSignin,
  customFetch,
  type Account,
  type DefaultSession,
  type NextAuthConfig,
  type NextAuthRequest,
  type NextAuthResult,
  type Profile,
  type Session,
  type User,
} from "@gatehousejs/next"
import type { Adapter, AdapterUser } from "@gatehousejs/next/adapters"
import { decode, encode, getToken, type JWT } from "@gatehousejs/next/jwt"
import packageJSON from "@gatehousejs/next/package.json"
import { headers } from "next/headers"
import type { NextRequest } from "next/server"
import { auth, handlers, signIn, signOut, unstable_update, type Role } from "./auth.mjs"

// app/api/auth/[...nextauth]/route.ts
export const { GET, POST } = handlers

// middleware.ts (proxy.ts on Next.js 16)
export { auth as middleware }
export const middlewareConfig = { matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"] }

// app/api/admin/route.ts: auth() wrapping a route handler
export const adminRoute = auth((req) => {
  if (req.auth?.user.role !== "admin") return Response.json({ message: "Forbidden" }, { status: 403 })
  return Response.json({ email: req.auth.user.email })
})

// A server component.
export async function profile(): Promise<{ role: Role; id: string } | null> {
  const session: Session | null = await auth()
  if (!session) return null
  return { role: session.user.role, id: session.user.id }
}

// Server actions.
export async function login(formData: FormData): Promise<string | undefined> {
  try {
    await signIn("credentials", formData)
  } catch (error) {
    if (error instanceof CredentialsSignin) return `Invalid credentials (${error.code}).`
    if (error instanceof AuthError) return error.type === "AccessDenied" ? "Access denied." : "Something went wrong."
    throw error
  }
}
export async function startGitHub(): Promise<string> {
  return signIn("github", { redirect: false, redirectTo: "/dashboard" }, { prompt: "login" })
}
export async function logout(): Promise<void> {
  await signOut({ redirectTo: "/" })
}
export async function rename(name: string): Promise<string | null | undefined> {
  const session = await unstable_update({ user: { name } })
  return session?.user.name
}

// The built-in sign-in page's address, as a link on a server component.
export async function signInPageHref(): Promise<string> {
  const incoming = await headers()
  return createActionURL("signin", incoming.get("x-forwarded-proto") ?? "https", new Headers(incoming), process.env, { basePath: "/api/auth" }).href
}

// An API route reading the token directly, and the token helpers.
export async function tokenRole(req: NextRequest): Promise<Role | undefined> {
  const token: JWT | null = await getToken({ req, secret: process.env.AUTH_SECRET })
  return token?.role
}
export async function roundTrip(secret: string): Promise<Role | undefined> {
  const salt = "authjs.session-token"
  const jwe = await encode({ token: { sub: "1", role: "admin" }, secret, salt })
  return (await decode({ token: jwe, secret, salt }))?.role
}

// A custom adapter: AdapterUser carries the augmented role.
export function memoryAdapter(): Adapter {
  const users = new Map<string, AdapterUser>()
  return {
    async createUser(user) {
      users.set(user.id, user)
      return user
    },
    async getUser(id) {
      return users.get(id) ?? null
    },
    async getUserByEmail(email) {
      return [...users.values()].find((user) => user.email === email) ?? null
    },
  }
}

// The footer: the version of the auth package.
export const version: string = packageJSON.version

// Every name next-auth's root exports (its values: the default NextAuth, AuthError, CredentialsSignin, customFetch).
export type RootTypes = [Account, DefaultSession, NextAuthConfig, NextAuthRequest, NextAuthResult, Profile, Session, User]
export const rootValues = [AuthError, CredentialsSignin, customFetch] as const
