/**
 * `@gatehousejs/next/middleware`, as `next-auth/middleware` in v5: next-auth v4's module, gone in v5. Importing it
 * throws, as next-auth v5's does, with the way to migrate: export `auth` (or `auth(callback)`) from `middleware.ts`
 * (`proxy.ts` on Next.js 16).
 *
 * @module
 */
throw new ReferenceError(
  [
    '"@gatehousejs/next/middleware" is deprecated, as "next-auth/middleware" is in next-auth v5.',
    'Export auth from your middleware instead: export { auth as middleware } from "./auth"',
    "Read more on https://authjs.dev/getting-started/migrating-to-v5",
  ].join("\n"),
)

export {}
