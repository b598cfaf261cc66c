// Gatehouse's endpoints under /api/auth: providers, csrf, session, signin, signout, callback/<provider>, …
import { handlers } from "@/auth"

export const { GET, POST } = handlers
