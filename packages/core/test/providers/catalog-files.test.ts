/**
 * The catalog's files stay in step: every provider file is re-exported from `providers/index.ts`, and
 * `provider-ids.ts` is what the generator makes from the provider files today.
 */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
// `@gatehousejs/core/providers` in a published build; the test alias maps only `providers/<id>`.
import * as providers from "../../src/providers/index.js"
import { providerFixtures } from "./fixtures.js"

const dir = fileURLToPath(new URL("../../src/providers/", import.meta.url))
const generator = fileURLToPath(new URL("../../scripts/generate-provider-ids.js", import.meta.url))
const notProviders = new Set(["index.ts", "types.ts", "normalize.ts", "provider-ids.ts", "email-message.ts", "oauth.ts", "provider-types.ts"])
const providerFiles = readdirSync(dir).filter((file) => file.endsWith(".ts") && !notProviders.has(file))

describe("providers/index.ts", () => {
  const index = readFileSync(`${dir}index.ts`, "utf8")

  it.each(providerFiles)("re-exports %s", (file) => {
    expect(index).toMatch(new RegExp(`from "\\./${file.replace(".ts", "")}\\.js"`))
  })

  it("exports each catalog provider under its Auth.js-style name", () => {
    const factories = Object.values(providers as Record<string, unknown>).filter(
      (value): value is (options?: unknown) => { id: string } => typeof value === "function" && value !== providers.createAppleClientSecret,
    )
    const byId = new Map<string, unknown>(factories.map((factory) => [factory({}).id, factory]))
    for (const fixture of providerFixtures) expect(byId.get(fixture.id), fixture.id).toBe(fixture.create)
  })
})

describe("provider-ids.ts", () => {
  it("is up to date with the provider files (node packages/core/scripts/generate-provider-ids.js --check)", () => {
    expect(() => execFileSync(process.execPath, [generator, "--check"], { stdio: "pipe" })).not.toThrow()
  })

  it("lists every catalog provider id", () => {
    const ids = readFileSync(`${dir}provider-ids.ts`, "utf8")
    for (const fixture of providerFixtures) expect(ids).toContain(`| "${fixture.id}"`)
  })
})
