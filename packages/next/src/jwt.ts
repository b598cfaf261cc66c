/**
 * `@gatehousejs/next/jwt`, as `next-auth/jwt`: `@gatehousejs/core/jwt` re-exported — `getToken`, `encode`, `decode` and
 * the `JWT` interface itself, so `declare module "@gatehousejs/next/jwt" { interface JWT { … } }` types the token the
 * `jwt` callback and `getToken` see.
 *
 * @example
 * import { getToken } from "@gatehousejs/next/jwt"
 * const token = await getToken({ req: request }) // the claims, or null
 */
export * from "@gatehousejs/core/jwt"
