/** The repository's config, collecting only the mutant suites (`*.mutant.ts`) of this folder. */
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import root from "../../../../vitest.config.js"

export default defineConfig({
  ...root,
  root: fileURLToPath(new URL("../../../../", import.meta.url)),
  test: { ...root.test, include: ["packages/adapter-test/test/mutants/*.mutant.ts"] },
})
