/** What the pipeline hands a handler: the cookies its checks set and the CSRF token, read at most once. */
import type { Context } from "../context.js"
import { csrfState, type CsrfState } from "../http/csrf.js"
import type { Given } from "./route.js"

/** A `Given` whose CSRF state is read on first use, or once by the POST check (`bodyToken`), then shared. */
export function newGiven(ctx: Context): Given & { csrf: (bodyToken: unknown) => Promise<CsrfState> } {
  let state: Promise<CsrfState> | undefined
  const given = {
    cookies: [],
    csrf: (bodyToken: unknown) => (state ??= readCsrf(ctx, given, bodyToken)),
    csrfToken: async () => (await given.csrf(undefined)).token,
  }
  return given
}

/** The double-submit state (`http/csrf.ts`), its cookie added to `given.cookies` when new or re-hashed. */
async function readCsrf(ctx: Context, given: Given, bodyToken: unknown): Promise<CsrfState> {
  const state = await csrfState({
    cookieValue: ctx.req.cookies[ctx.cookies.csrfToken.name],
    bodyToken,
    isPost: ctx.req.method === "POST",
    secrets: ctx.config.secrets,
    cookie: ctx.cookies.csrfToken,
  })
  if (state.cookie) given.cookies.push(state.cookie)
  return state
}
