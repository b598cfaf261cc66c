/**
 * The switch from `@hono/auth-js` is a prefix swap (`@hono/auth-js/…` → `@gatehousejs/hono/…`): this package opens
 * every entry point `@hono/auth-js` 1.1 opens (its root and `./react`, the React client), ESM only, and each of them
 * resolves in Node.js to a module built from a source file of the package.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage, nodeResolutionProblems } from "../../core/test/helpers/counterpart-entries.js"
import * as root from "../src/index.js"

/** `@hono/auth-js` 1.1.1's `exports` and names (test/fixtures/hono-auth-js-1.1.1.json). */
const pkg = frameworkPackage("@gatehousejs/hono")

describe("@gatehousejs/hono's entry points mirror @hono/auth-js's", () => {
  it(`opens every subpath @hono/auth-js ${pkg.counterpart.version} opens (and ./package.json), ESM only`, () => {
    expect(exportMapProblems(pkg)).toEqual([])
    const manifest = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")) as { type: string }
    expect(manifest.type).toBe("module")
  })

  it("Node resolves every subpath @hono/auth-js opens to a module built from a source file", () => {
    expect(nodeResolutionProblems(pkg)).toEqual([])
  })

  it("the root exports @hono/auth-js's values", () => {
    expect(Object.keys(root)).toEqual(expect.arrayContaining(pkg.counterpart.names["."]!.values))
  })
})
