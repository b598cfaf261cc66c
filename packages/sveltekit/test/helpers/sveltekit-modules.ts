/**
 * SvelteKit's virtual modules, which only a SvelteKit build provides, mocked the way SvelteKit apps mock them in
 * Vitest (`vi.mock("$env/dynamic/private", () => ({ env }))`): `$env/dynamic/private`, `$app/environment`
 * (`building`, `dev`) and `$app/paths` (`base`). A test changes them through `kit`; `resetKit()` puts them back.
 * Imported first by every test file, so the mocks are registered before the package is.
 */
import { vi } from "vitest"

export const kit = {
  /** `$env/dynamic/private`: one object for the whole run, changed in place (SvelteKit fills it once per server). */
  env: {} as Record<string, string | undefined>,
  building: false,
  dev: false,
  base: "" as "" | `/${string}`,
}

vi.mock("$env/dynamic/private", () => ({ env: kit.env }))
vi.mock("$app/environment", () => ({
  get building() {
    return kit.building
  },
  get dev() {
    return kit.dev
  },
  browser: false,
  version: "test",
}))
vi.mock("$app/paths", () => ({
  get base() {
    return kit.base
  },
  assets: "",
}))

/** Production defaults: not building, not `vite dev`, no `paths.base`, an empty environment but for `vars`. */
export function resetKit(vars: Record<string, string> = {}): void {
  for (const key of Object.keys(kit.env)) delete kit.env[key]
  Object.assign(kit.env, vars)
  kit.building = false
  kit.dev = false
  kit.base = ""
}
