// The Auth.js endpoints under /api/auth: signin, signout, callback/<provider>, session, csrf, providers.
import { handlers } from "@/auth"

export const { GET, POST } = handlers
