import type { NextConfig } from "next"

const nextConfig: NextConfig = {
  // better-sqlite3 (under @gatehousejs/sqlite-adapter) is a native module: loaded by Node at run time, never bundled.
  // Next.js has it on its built-in list already; said here so that the dependency is visible.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
}

export default nextConfig
