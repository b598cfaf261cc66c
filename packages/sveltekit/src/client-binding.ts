/**
 * The page's binding of the client core (`@gatehousejs/core/client`) for `/client` and `/webauthn`: the browser's
 * `fetch` and location, and the endpoints relative to the page under `{paths.base}/auth` (where
 * `@auth/sveltekit/client` looks too: a `basePath` set in the configuration is not known here).
 */
import { base } from "$app/paths"
import type { AuthClient } from "@gatehousejs/core/client"

/** The client `signIn` and `signOut` pass to the core. No session state lives in the page: `load` reads it. */
export const client: AuthClient = {
  platform: {
    // Globals are read when used: this module is also evaluated during server rendering.
    fetch: (url, init) => fetch(url, init),
    currentUrl: () => window.location.href,
    assign: (url) => {
      window.location.href = url
    },
    reload: () => window.location.reload(),
    log: (line) => console.error(line),
  },
  endpoint: (action) => `${base}/auth/${action}`,
  webAuthnModule: "@gatehousejs/sveltekit/webauthn",
}
