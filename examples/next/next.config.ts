import type { NextConfig } from "next"

const nextConfig: NextConfig = {
  // create-next-app's defaults since Next.js 16.x: Cache Components and Partial Prefetching. With them, reading the
  // request (`await auth()`, `headers()`, `searchParams`) outside a <Suspense> boundary fails `next build`: every page
  // here reads the session inside one (see app/page.tsx and packages/next/README.md, "Cache Components").
  cacheComponents: true,
  partialPrefetching: true,
  // better-sqlite3 (under @gatehousejs/sqlite-adapter) is a native module: loaded by Node at run time, never bundled.
  // Next.js has it on its built-in list already; said here so that the dependency is visible.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
}

export default nextConfig
