/**
 * Runs a TypeScript test app (argv[2]) in a child process, the way vitest runs the tests: Vite's module runner with
 * the repository's vitest.config.ts, so `@gatehousejs/*` are the TypeScript sources and no build (dist) is needed.
 * Node 20 cannot run TypeScript by itself; this costs about half a second per process.
 */
import { fileURLToPath } from "node:url"
// Vite's createServer as vitest re-exports it: vitest is what the repository depends on.
import { createViteServer } from "vitest/node"

const root = fileURLToPath(new URL("../../../../", import.meta.url))
const server = await createViteServer({
  root,
  configFile: `${root}vitest.config.ts`,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
})
process.on("disconnect", () => void server.close())
await server.environments.ssr.runner.import(process.argv[2])
