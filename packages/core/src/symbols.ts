/**
 * Named symbols for opting out of defaults. A symbol, not a boolean, so that turning a safety check off is a loud,
 * greppable decision (style rule 6).
 */

/** Disables the CSRF double-submit check. Only for integrations that run actions server-side (server actions). */
export const skipCSRFCheck: unique symbol = Symbol("skip-csrf-check")

/** Makes `Auth()` return its internal result instead of a `Response`, and throw `AuthError`s (framework integrations). */
export const raw: unique symbol = Symbol("return-type-raw")

/** Provider option: the `fetch` used for every request to that provider. */
export const customFetch: unique symbol = Symbol("custom-fetch")

/** Provider option: internal conformance tweaks for providers that deviate from the spec. */
export const conformInternal: unique symbol = Symbol("conform-internal")
