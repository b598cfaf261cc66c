import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const core = fileURLToPath(new URL("./packages/core/src/", import.meta.url))
const packages = fileURLToPath(new URL("./packages/", import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@gatehousejs\/core$/, replacement: `${core}index.ts` },
      { find: /^@gatehousejs\/core\/providers$/, replacement: `${core}providers/index.ts` },
      { find: /^@gatehousejs\/core\/client$/, replacement: `${core}client/index.ts` },
      { find: /^@gatehousejs\/core\/(.*)$/, replacement: `${core}$1.ts` },
      { find: /^@gatehousejs\/express\/providers$/, replacement: `${packages}express/src/providers/index.ts` },
      { find: /^@gatehousejs\/express\/(adapters|providers\/[a-z0-9-]+)$/, replacement: `${packages}express/src/$1.ts` },
      { find: /^@gatehousejs\/next\/react$/, replacement: `${packages}next/src/react/index.ts` },
      { find: /^@gatehousejs\/next\/webauthn$/, replacement: `${packages}next/src/webauthn.ts` },
      { find: /^@gatehousejs\/next\/providers$/, replacement: `${packages}next/src/providers/index.ts` },
      { find: /^@gatehousejs\/next\/(jwt|adapters|providers\/[a-z0-9-]+)$/, replacement: `${packages}next/src/$1.ts` },
      // Every other workspace package, from source: @gatehousejs/sqlite-adapter -> packages/sqlite-adapter/src/index.ts
      { find: /^@gatehousejs\/([a-z-]+)$/, replacement: `${packages}$1/src/index.ts` },
    ],
  },
  test: {
    include: ["packages/*/test/**/*.test.{ts,tsx}", "examples/*/test/**/*.test.ts"],
    environment: "node",
  },
})
