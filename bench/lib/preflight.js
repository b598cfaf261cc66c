/**
 * Before importing anything from the libraries: is `@gatehousejs/core` built, and is `@auth/core` installed? A clear
 * sentence beats a module-resolution stack trace (the build's `rm -rf dist` also races with a run in progress).
 */
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = new URL("../../", import.meta.url)

export function preflight() {
  const missing = []
  for (const [file, fix] of [
    ["packages/core/dist/index.js", "@gatehousejs/core is not built: run `npm run build` (or `npm run bench`, which builds first)"],
    ["packages/core/dist/jwt.js", "@gatehousejs/core/jwt is not built: run `npm run build`"],
    ["packages/core/dist/providers/credentials.js", "@gatehousejs/core/providers/credentials is not built: run `npm run build`"],
    ["node_modules/@auth/core/index.js", "@auth/core is not installed: run `npm install` at the repository root"],
  ]) {
    if (!existsSync(fileURLToPath(new URL(file, root)))) missing.push(fix)
  }
  if (missing.length) {
    console.error(`bench: cannot run.\n  ${missing.join("\n  ")}`)
    process.exit(1)
  }
}
