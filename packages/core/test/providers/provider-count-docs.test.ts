/**
 * One provider count everywhere (issue 25 item 10): every "<n> OAuth…", "<n> built-in providers" or "provider (<n>)"
 * in the READMEs, CONTRIBUTING.md and docs/ is the number of OAuth/OIDC provider modules in src/providers, counted the
 * way scripts/generate-provider-ids.js counts them (a provider file with `type: "oauth"` or `type: "oidc"`). Adding a
 * provider without updating the docs fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))
const providersDir = join(root, "packages", "core", "src", "providers")
const notProviders = new Set(["index.ts", "types.ts", "normalize.ts", "provider-ids.ts", "email-message.ts", "oauth.ts", "provider-types.ts"])

function oauthProviderModules(): string[] {
  return readdirSync(providersDir).filter((file) => {
    if (!file.endsWith(".ts") || notProviders.has(file)) return false
    return /^\s*type:\s*"(?:oauth|oidc)",?\s*$/m.test(readFileSync(join(providersDir, file), "utf8"))
  })
}

function documents(): string[] {
  const inFolder = (folder: string, pick: (name: string) => string | undefined) =>
    existsSync(join(root, folder)) ? readdirSync(join(root, folder)).flatMap((name) => pick(name) ?? []) : []
  return [
    "README.md",
    "CONTRIBUTING.md",
    ...inFolder("docs", (name) => (name.endsWith(".md") ? `docs/${name}` : undefined)),
    ...inFolder("packages", (name) => (existsSync(join(root, "packages", name, "README.md")) ? `packages/${name}/README.md` : undefined)),
    ...inFolder("examples", (name) => (existsSync(join(root, "examples", name, "README.md")) ? `examples/${name}/README.md` : undefined)),
  ]
}

/** Every provider count a document states, as `path:line: n`. */
function statedCounts(path: string): { where: string; count: number }[] {
  const found: { where: string; count: number }[] = []
  const counts = [
    /(?<![\w.]|OAuth )(\d+) (?:built-in )?(?:OAuth\b|OpenID Connect providers|providers\b)/g, // "93 OAuth/OIDC", "93 built-in OAuth providers"
    /OpenID Connect provider \((\d+)\)/g, // "every Auth.js OAuth / OpenID Connect provider (93)"
  ]
  readFileSync(join(root, path), "utf8")
    .split("\n")
    .forEach((line, index) => {
      for (const pattern of counts) {
        for (const match of line.matchAll(pattern)) found.push({ where: `${path}:${index + 1}`, count: Number(match[1]) })
      }
    })
  return found
}

describe("the documented number of OAuth/OIDC providers", () => {
  const modules = oauthProviderModules()
  const stated = documents().flatMap(statedCounts)

  it("counts the provider modules (sanity: more than 90, one per id of provider-ids.ts)", () => {
    expect(modules.length).toBeGreaterThan(90)
    const ids = readFileSync(join(providersDir, "provider-ids.ts"), "utf8").match(/^ {2}\| "/gm) ?? []
    expect(ids.length).toBe(modules.length)
  })

  it("is stated in README.md, CONTRIBUTING.md, docs/providers.md and packages/core/README.md", () => {
    const places = new Set(stated.map(({ where }) => where.split(":")[0]))
    for (const path of ["README.md", "CONTRIBUTING.md", "docs/providers.md", "packages/core/README.md"]) expect(places).toContain(path)
  })

  it("is the same number everywhere: the number of provider modules", () => {
    const wrong = stated.filter(({ count }) => count !== modules.length).map(({ where, count }) => `${where}: ${count}`)
    expect(wrong, `${modules.length} OAuth/OIDC provider modules`).toEqual([])
  })
})
