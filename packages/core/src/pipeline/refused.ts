/**
 * A refusal raised inside a handler's work (the session store did not answer): the pipeline answers it as it answers a
 * refusal of its own checks, by the entry's declared style, so no handler maps it to a status itself.
 */
import type { Refusal } from "./route.js"

export class Refused extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** Why an entry that `requires: "sessionRegistry"` cannot work here. */
export const registryNeeded =
  "Listing and revoking sessions needs a session registry: an adapter with listSessions and deleteUserSessions (the " +
  "Gatehouse adapters have them), or, for JWT sessions without an adapter, a sessionStore. See docs/sessions.md."
