// Wrong uses that must not compile: proof that the augmentations in auth.mts reach the types the library uses.
import type { Session as CoreSession } from "@gatehousejs/core"
import type { NextAuthConfig, Session, User } from "@gatehousejs/next"
import type { AdapterUser } from "@gatehousejs/next/adapters"
import type { JWT } from "@gatehousejs/next/jwt"
import GitHub from "@gatehousejs/next/providers/github"

declare const session: Session
// @ts-expect-error Session.user.role is "admin" | "member" (augmented through @gatehousejs/next)
session.user.role = 1

// The engine's own Session is the same, augmented interface, not a copy.
const fromEngine: CoreSession = session
// @ts-expect-error the engine's Session.user.role is the augmented union too
fromEngine.user.role = "owner"

// @ts-expect-error JWT.role is a Role (augmented through @gatehousejs/next/jwt)
const token: JWT = { sub: "1", role: 2 }

// @ts-expect-error AdapterUser.role is required (augmented through @gatehousejs/next/adapters)
const stored: AdapterUser = { id: "1", email: "ada@example.com", emailVerified: null }

// @ts-expect-error User.role is optional but typed
const user: User = { id: "1", role: "owner" }

const config: NextAuthConfig = {
  providers: [GitHub],
  callbacks: {
    jwt({ token }) {
      // @ts-expect-error the jwt callback's token is the augmented JWT
      token.accessToken = 42
      return token
    },
  },
  logger: {
    // @ts-expect-error a v5 logger's error() receives the Error, not a code string and metadata
    error(code: string, metadata: { message: string }) {
      console.error(code, metadata.message)
    },
  },
}

export { config, stored, token, user }
