/**
 * `SvelteKitAuth(config | lazy)` → `{ handle, signIn, signOut }`, as `@auth/sveltekit` returns them:
 *
 * ```ts
 * // src/auth.ts
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] })
 * // src/hooks.server.ts
 * export { handle } from "./auth"
 * // src/routes/signin/+page.server.ts
 * export const actions = { default: signIn }
 * ```
 *
 * `handle` answers the endpoints under `basePath` (default `{paths.base}/auth`) with the engine, passes every other
 * request to `resolve`, and puts `auth()` (and the deprecated `getSession()`), `signIn()` and `signOut()` on
 * `event.locals`. While SvelteKit builds or prerenders (`building`) nothing is read: `locals.auth()` is `null` and the
 * actions do nothing, as there.
 */
import { isAuthAction } from "@gatehousejs/core"
import type { Action, Handle } from "@sveltejs/kit"
import { building } from "$app/environment"
import { signIn, signOut } from "./actions.js"
import { createEngine, type SvelteKitAuthInput } from "./engine.js"
import { endpointRequest } from "./event-request.js"
import { answer } from "./refused-sign-in.js"
import { sessionOf } from "./session.js"
import type { SignInAuthorizationParams } from "./types.js"

/** The field of a sign-in form that names each extra authorization parameter: `authorizationParams-prompt`. */
const authorizationParamsPrefix = "authorizationParams-"

export interface SvelteKitAuthResult {
  /** The server hook: `export { handle } from "./auth"` in `src/hooks.server.ts` (or first in a `sequence`). */
  handle: Handle
  /**
   * The sign-in form action: `export const actions = { default: signIn }`. The form's `providerId` names the
   * provider (none: the sign-in page), `redirectTo` where to go afterwards (default: the page it was sent from), each
   * `authorizationParams-<name>` an authorization parameter; its other fields go to the provider (credentials, `email`).
   * A refused sign-in throws its `AuthError` (`CredentialsSignin`); caught by no one, it ends where the endpoint sends
   * a form: `{basePath}/signin?error=CredentialsSignin&code=credentials&callbackUrl=…` (or `pages.signIn`).
   */
  signIn: Action
  /** The sign-out form action: `export const actions = { default: signOut }`. The form's `redirectTo`, as above. */
  signOut: Action
}

/**
 * Initialises Gatehouse for a SvelteKit app.
 *
 * @example
 * // src/auth.ts: the configuration may depend on the event (Cloudflare's `event.platform.env`)
 * export const { handle, signIn, signOut } = SvelteKitAuth(async (event) => ({
 *   providers: [GitHub({ clientId: event.platform?.env.AUTH_GITHUB_ID, clientSecret: event.platform?.env.AUTH_GITHUB_SECRET })],
 *   secret: event.platform?.env.AUTH_SECRET,
 *   trustHost: true,
 * }))
 */
export function SvelteKitAuth(config: SvelteKitAuthInput): SvelteKitAuthResult {
  const engine = createEngine(config)

  return {
    async handle({ event, resolve }) {
      if (building) {
        event.locals.auth ??= async () => null
        event.locals.getSession ??= event.locals.auth
        return resolve(event)
      }
      // A lazy configuration that threw: nothing can be answered, the generic 500 (its error's name in the log).
      const binding = await engine.bindingOrFailure(event)
      if (binding instanceof Response) return binding
      const { locals, url } = event
      locals.auth ??= () => sessionOf(event, binding)
      locals.getSession ??= locals.auth
      locals.signIn ??= ((provider, options, authorizationParams) => signIn(event, binding, provider, options, authorizationParams)) as App.Locals["signIn"]
      locals.signOut ??= ((options) => signOut(event, binding, options)) as App.Locals["signOut"]

      const { basePath } = binding.config
      const action = url.pathname.slice(basePath.length + 1).split("/")[0] ?? ""
      if (url.pathname.startsWith(`${basePath}/`) && isAuthAction(action)) {
        // GET and POST are one handler in the engine: it reads the method from the request.
        return binding.gatehouse.handlers.GET(binding.bind(endpointRequest(event)))
      }
      // Form actions are POSTs: only they can end in a refused sign-in no one caught.
      if (event.request.method !== "POST") return resolve(event)
      const outcome = await Promise.resolve(resolve(event)).then(
        (response: Response) => ({ response }),
        (thrown: unknown) => ({ thrown }),
      )
      return answer(event, outcome)
    },

    async signIn(event) {
      if (building) return
      const binding = await engine.bindingFor(event)
      const { providerId, options, authorizationParams } = signInForm(await event.request.formData())
      await signIn(event, binding, providerId, options, authorizationParams)
    },

    async signOut(event) {
      if (building) return
      const binding = await engine.bindingFor(event)
      const form = await event.request.formData()
      const redirectTo = form.get("redirectTo")
      await signOut(event, binding, typeof redirectTo === "string" ? { redirectTo } : {})
    },
  }
}

/** A sign-in form: `providerId`, `authorizationParams-*` fields, and the rest for the provider. */
function signInForm(form: FormData): { providerId?: string; options: Record<string, unknown>; authorizationParams?: SignInAuthorizationParams } {
  const options: Record<string, unknown> = {}
  const authorizationParams: Record<string, string> = {}
  let providerId: string | undefined
  let hasParams = false
  for (const [key, value] of form) {
    if (typeof value !== "string") continue
    if (key === "providerId") providerId ??= value
    else if (key.startsWith(authorizationParamsPrefix)) {
      authorizationParams[key.slice(authorizationParamsPrefix.length)] ??= value
      hasParams = true
    } else if (!(key in options)) options[key] = value
  }
  // The form's own `redirect` field is not obeyed: a form action always answers with a redirect.
  delete options.redirect
  return { providerId, options, authorizationParams: hasParams ? authorizationParams : undefined }
}
