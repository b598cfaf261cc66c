// The route plugin of @gatehousejs/qwik: endpoints under /auth, the session of every request, the two actions.
import { isServer } from "@builder.io/qwik/build"
import { QwikAuth$ } from "@gatehousejs/qwik"

export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(async () => {
  // Qwik's optimizer puts this function in the browser's build too (as every `$` function), although only the server
  // calls it. Behind `isServer`, the configuration module (users, secrets, database code) stays out of that build.
  if (!isServer) throw new Error("The auth configuration is loaded on the server only.")
  return (await import("../server/auth-config")).authConfig
})
