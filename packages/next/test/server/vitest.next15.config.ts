/**
 * The same server tests against Next.js 15 (`next15`, an npm alias of next@15.5): every `next/*` import, the
 * package's and the tests', resolves into next15 instead of next 16.
 *
 *   npx vitest run --config packages/next/test/server/vitest.next15.config.ts
 */
import { fileURLToPath } from "node:url"
import { defineConfig, mergeConfig } from "vitest/config"
import root from "../../../../vitest.config.js"

const next15 = fileURLToPath(new URL("../../../../node_modules/next15/", import.meta.url))

const config = mergeConfig(
  root,
  defineConfig({
    resolve: { alias: [{ find: /^next\/(.*)$/, replacement: `${next15}$1` }] },
    test: { name: "next15" },
  }),
)
// Replaced, not merged: mergeConfig would append to the root's include and run the whole suite.
config.test!.include = ["packages/next/test/server/**/*.test.ts"]

export default config
