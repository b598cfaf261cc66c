/**
 * This page's binding of the client core (`@gatehousejs/core/client`): the browser's `fetch` and location, the
 * endpoints under `basePath`, and the tab sync of the `SessionProvider`s.
 */
import type { AuthClient, ClientPlatform } from "@gatehousejs/core/client"
import { endpointUrl } from "./client-config.js"
import { announce, refetchThisPage, tellOtherTabs } from "./tab-sync.js"

// Every global is read when it is used, not when this module loads: the module is also evaluated on the server.
const browser: ClientPlatform = {
  fetch: (url, init) => fetch(url, init),
  currentUrl: () => window.location.href,
  assign: (url) => {
    window.location.href = url
  },
  reload: () => window.location.reload(),
  log: (line) => console.error(line),
}

/** The client every function of `@gatehousejs/next/react` and `/webauthn` passes to the core. */
export const client: AuthClient = {
  platform: browser,
  endpoint: endpointUrl,
  sessionSync: { tellOtherTabs, refetchThisPage, announce: (trigger) => announce(trigger) },
  webAuthnModule: "@gatehousejs/next/webauthn",
}
