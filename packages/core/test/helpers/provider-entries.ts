/**
 * What a framework package's `providers/<id>` entry points must hold, for the subpath tests of the packages that copy
 * an Auth.js framework package's `./providers/*` (express, qwik, solid-start): one file per core provider module, each
 * re-exporting the engine's provider (or only its types, for a module without a default export).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const coreProviders = fileURLToPath(new URL("../../src/providers/", import.meta.url))

/** Modules of core's `providers/` that are not entry points of core either (internal). */
const INTERNAL = new Set(["email-message", "normalize", "provider-ids", "types", "index"])

/** Core's provider modules, sorted: the entry points each framework package opens under `providers/`. */
export function coreProviderModules(): string[] {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && !INTERNAL.has(file.slice(0, -3)))
    .map((file) => file.slice(0, -3))
    .sort()
}

/** The source of `@gatehousejs/<pkg>/providers/<name>`, standing for `@auth/<pkg>/providers/<name>`. */
export function expectedProviderEntry(pkg: string, name: string): string {
  const isProvider = /^export default /m.test(readFileSync(join(coreProviders, `${name}.ts`), "utf8"))
  return isProvider
    ? [
        `// @auth/${pkg}/providers/${name}, as @gatehousejs/${pkg}/providers/${name}: the engine's provider.`,
        `export * from "@gatehousejs/core/providers/${name}"`,
        `export { default } from "@gatehousejs/core/providers/${name}"`,
        "",
      ].join("\n")
    : [`// @auth/${pkg}/providers/${name}, as @gatehousejs/${pkg}/providers/${name}: types only.`, `export type * from "@gatehousejs/core/providers/${name}"`, ""].join("\n")
}
