/**
 * The sign-in page's form action: `signIn` of `SvelteKitAuth()`, exactly as the README writes it. It reads the posted
 * form (`providerId`, `redirectTo`, the credentials or the e-mail address), signs in server-side and redirects. A
 * refused sign-in comes back here (`pages.signIn`) as the endpoint sends it: `?error=CredentialsSignin&code=credentials`
 * with the `callbackUrl`, which `load` hands to the page. (An app that wants to answer on the spot instead catches
 * `CredentialsSignin` from `signIn(event)` in its own action and returns `fail(400, …)`.)
 */
import { redirect } from "@sveltejs/kit"
import { env } from "$env/dynamic/private"
import { signIn } from "../../auth"
import type { Actions, PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => {
  const callbackUrl = event.url.searchParams.get("callbackUrl") ?? "/"
  if (await event.locals.auth()) redirect(303, callbackUrl.startsWith("/") ? callbackUrl : "/")
  return {
    callbackUrl,
    // Set by the engine when it sends the browser back here: `?error=CredentialsSignin`, `?error=OAuthCallbackError`, …
    error: event.url.searchParams.get("error"),
    demoIdp: Boolean(env.AUTH_DEMO_IDP_ISSUER),
  }
}

export const actions: Actions = { default: signIn }
