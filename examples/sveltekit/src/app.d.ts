// App.Locals (`auth()`, `signIn()`, `signOut()`) and App.PageData (`session`) come from @gatehousejs/sveltekit.
import "@gatehousejs/sveltekit"

declare module "@gatehousejs/core/types" {
  interface Session {
    /** The id of the provider this session signed in with: "credentials", "email" or "demo-idp". */
    provider?: string
  }
}

export {}
