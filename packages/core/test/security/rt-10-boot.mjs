/**
 * Runs a TypeScript test app (argv[2]) in a child process, the way vitest runs the tests: Vite's module runner with
 * the repository's vitest.config.ts, so `@gatehouse/*` are the TypeScript sources and no build (dist) is needed.
 * Node 20 cannot run TypeScript by itself; this costs about half a second per process.
 */
import { fileURLToPath } from "node:url"
import { createServer, createServerModuleRunner } from "vite"

const root = fileURLToPath(new URL("../../../../", import.meta.url))
const server = await createServer({
  root,
  configFile: `${root}vitest.config.ts`,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
})
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false })
process.on("disconnect", () => void server.close())
await runner.import(process.argv[2])
