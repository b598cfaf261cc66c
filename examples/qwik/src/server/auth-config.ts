// The configuration, in a module only the server loads (see routes/plugin@auth.ts): the demo's user directory and
// its passwords stay out of the browser's bundle.
import type { QwikAuthConfig } from "@gatehousejs/qwik"
import Credentials from "@gatehousejs/qwik/providers/credentials"

const USERS = [
  { id: "1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" },
  { id: "2", name: "Bob", email: "bob@example.com", username: "bob", password: "builder" },
]

export const authConfig: QwikAuthConfig = {
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      // A demo directory in memory: replace it with your user store and a real password check.
      authorize: ({ username, password }) => {
        const user = USERS.find((candidate) => candidate.username === username && candidate.password === password)
        return user ? { id: user.id, name: user.name, email: user.email } : null
      },
    }),
  ],
}
