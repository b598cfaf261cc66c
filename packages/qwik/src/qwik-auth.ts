/**
 * `QwikAuth$()`, `@auth/qwik`'s one function: it returns the `onRequest` handler and the three route functions of
 * `src/routes/plugin@auth.ts`.
 *
 * The package is compiled by `tsc`, not by Qwik's optimizer, so it is written in the form the optimizer would produce
 * (as `@auth/qwik`'s published build is): `globalActionQrl(inlinedQrl(fn, symbol, captures))` instead of
 * `globalAction$(fn)`, the configuration read back with `useLexicalScope()` when Qwik City invokes the QRL. The symbol
 * names are fixed strings: they are the actions' ids in `?qaction=…`, the same on the server and in the browser build.
 */
import { implicit$FirstArg, inlinedQrl, useLexicalScope, type QRL } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import {
  globalActionQrl,
  routeLoaderQrl,
  z,
  zodQrl,
  type RequestEventAction,
  type RequestEventCommon,
  type RequestEventLoader,
} from "@builder.io/qwik-city"
import type { Session } from "@gatehousejs/core"
import { signIn, signOut, type SignInInput, type SignOutInput } from "./actions.js"
import { configFor, configOrFailure, type QwikAuthConfigInput } from "./config.js"
import { handleRequest } from "./on-request.js"

/** `@auth/qwik`'s schema of `useSignIn`'s input: form fields such as `providerId` and `options.redirectTo`. */
const signInSchema = {
  providerId: z.string().optional(),
  redirectTo: z.string().optional(),
  options: z.object({ redirectTo: z.string() }).passthrough().partial().optional(),
  authorizationParams: z.union([z.string(), z.custom<URLSearchParams>(), z.record(z.string())]).optional(),
}

const signOutSchema = {
  redirectTo: z.string().optional(),
}

/** @internal What the optimizer turns `QwikAuth$(config)` into; use `QwikAuth$`. */
export function QwikAuthQrl(authOptions: QRL<QwikAuthConfigInput>) {
  const useSignIn = globalActionQrl(
    inlinedQrl(
      async (input: SignInInput, ev: RequestEventAction) => {
        const [options] = useLexicalScope<[QRL<QwikAuthConfigInput>]>()
        if (!isServer) return undefined
        return signIn(input, ev, await configFor(options, ev))
      },
      "QwikAuthQrl_useSignIn_globalAction_gh1SignIn",
      [authOptions],
    ),
    zodQrl(inlinedQrl(signInSchema, "QwikAuthQrl_useSignIn_globalAction_zod_gh1SignInZod")),
  )

  const useSignOut = globalActionQrl(
    inlinedQrl(
      async (input: SignOutInput, ev: RequestEventAction) => {
        const [options] = useLexicalScope<[QRL<QwikAuthConfigInput>]>()
        if (!isServer) return undefined
        return signOut(input, ev, await configFor(options, ev))
      },
      "QwikAuthQrl_useSignOut_globalAction_gh1SignOut",
      [authOptions],
    ),
    zodQrl(inlinedQrl(signOutSchema, "QwikAuthQrl_useSignOut_globalAction_zod_gh1SignOutZod")),
  )

  const useSession = routeLoaderQrl(
    inlinedQrl((ev: RequestEventLoader) => (ev.sharedMap.get("session") ?? null) as Session | null, "QwikAuthQrl_useSession_routeLoader_gh1Session"),
  )

  const onRequest = async (ev: RequestEventCommon): Promise<void> => {
    if (!isServer) return
    const config = await configOrFailure(authOptions, ev)
    // A lazy configuration that threw: no page can be served with a session, nor an endpoint answered.
    if (config instanceof Response) throw ev.send(config)
    await handleRequest(ev, config)
  }

  return { useSignIn, useSignOut, useSession, onRequest }
}

/**
 * Initialises Gatehouse for Qwik City. Export its result from `src/routes/plugin@auth.ts`: `onRequest` answers
 * `/auth/*` and looks up the session of every other request; `useSession()` reads it in a component; `useSignIn()`
 * and `useSignOut()` are actions for `<Form>` or `.submit()`.
 *
 * @example
 * // src/routes/plugin@auth.ts
 * import { QwikAuth$ } from "@gatehousejs/qwik"
 * import GitHub from "@gatehousejs/qwik/providers/github"
 *
 * export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(() => ({ providers: [GitHub] }))
 */
export const QwikAuth$ = /*#__PURE__*/ implicit$FirstArg(QwikAuthQrl)

/** What `QwikAuth$()` returns. */
export type QwikAuthResult = ReturnType<typeof QwikAuthQrl>
