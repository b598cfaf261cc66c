/**
 * The sign-in page's form action: `signIn` of `SvelteKitAuth()`, which reads the posted form (`providerId`,
 * `redirectTo`, the credentials or the e-mail address), signs in server-side and redirects. `export const actions =
 * { default: signIn }` is all it takes; here a wrong password is caught to show it on this page instead of an error page.
 */
import { CredentialsSignin } from "@gatehousejs/sveltekit"
import { fail, redirect } from "@sveltejs/kit"
import { env } from "$env/dynamic/private"
import { signIn } from "../../auth"
import type { Actions, PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => {
  const callbackUrl = event.url.searchParams.get("callbackUrl") ?? "/"
  if (await event.locals.auth()) redirect(303, callbackUrl.startsWith("/") ? callbackUrl : "/")
  return {
    callbackUrl,
    // Set by the engine when it sends the browser back here: `?error=OAuthCallbackError`, …
    error: event.url.searchParams.get("error"),
    demoIdp: Boolean(env.AUTH_DEMO_IDP_ISSUER),
  }
}

export const actions: Actions = {
  default: async (event) => {
    try {
      await signIn(event)
    } catch (error) {
      if (error instanceof CredentialsSignin) return fail(400, { error: "CredentialsSignin" })
      throw error // SvelteKit's redirect (signed in), or a real failure
    }
  },
}
