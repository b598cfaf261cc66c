/**
 * `@gatehousejs/next/next`, as `next-auth/next` in v5: next-auth v4's module (`getServerSession`, the `NextAuth`
 * route handler), gone in v5. Importing it throws, as next-auth v5's does, with the way to migrate: `auth()` and
 * `handlers` from `NextAuth(config)`.
 *
 * @module
 */
throw new ReferenceError(
  [
    '"@gatehousejs/next/next" is deprecated, as "next-auth/next" is in next-auth v5.',
    'Use auth() and handlers from NextAuth(config) (import NextAuth from "@gatehousejs/next").',
    "Read more on https://authjs.dev/getting-started/migrating-to-v5",
  ].join("\n"),
)

export {}
