import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const core = fileURLToPath(new URL("./packages/core/src/", import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@gatehouse\/core$/, replacement: `${core}index.ts` },
      { find: /^@gatehouse\/core\/providers$/, replacement: `${core}providers/index.ts` },
      { find: /^@gatehouse\/core\/(.*)$/, replacement: `${core}$1.ts` },
    ],
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    environment: "node",
  },
})
