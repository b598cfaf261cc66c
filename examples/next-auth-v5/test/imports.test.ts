/**
 * The example is a next-auth v5 app but for its import specifiers (issue 13, "Done when"). Every source file is read:
 * each import is the app's own (`./…`, `@/…`), the framework's (`next`, `react`, `node:`), or a Gatehouse specifier
 * that maps back (`@gatehousejs/next…` → `next-auth…`, `@gatehousejs/core…` → `@auth/core…`) to an entry point of
 * next-auth 5.0.0-beta.32 or @auth/core 0.41.3; the README's table lists each. Then the same sources compile twice:
 * against Gatehouse as they are, and against the real next-auth (a dev dependency of the example) with the
 * specifiers mapped back — so no Gatehouse-only name or type is used.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { compileApp } from "../../../packages/next/test/types/compile-app.js"

const exampleDir = fileURLToPath(new URL("../", import.meta.url))
const require = createRequire(join(exampleDir, "package.json"))

/** Ours → Auth.js's: the whole switch, as a prefix swap. */
const PREFIXES: [gatehouse: string, authjs: string][] = [
  ["@gatehousejs/next", "next-auth"],
  ["@gatehousejs/core", "@auth/core"],
]

/** Imported the same way by a next-auth app: the app's own modules, Next.js, React, Node.js. */
const NOT_AUTH = /^(\.{1,2}\/|@\/|node:|next$|next\/|react$|react\/|react-dom$|react-dom\/)/

/** next-auth's deprecated v4 entry points: in v5 they only throw "keep using next-auth@4". */
const V4_ONLY = new Set(["./middleware", "./next"])

/** The example's TypeScript sources (not its tests, not what Next.js generates). */
function sourceFiles(directory = exampleDir): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return [".next", "node_modules", "test"].includes(entry.name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && entry.name !== "next-env.d.ts" ? [path] : []
  })
}

/** Every module specifier of a file: imports, re-exports, dynamic imports, `declare module` augmentations. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      found.push(node.name.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      found.push(argument && ts.isStringLiteral(argument) ? argument.text : "<a computed import()>")
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Auth.js's specifier for one of ours, or `undefined` when it is not a Gatehouse specifier. */
function toAuthJs(specifier: string): string | undefined {
  for (const [ours, theirs] of PREFIXES) {
    if (specifier === ours || specifier.startsWith(`${ours}/`)) return theirs + specifier.slice(ours.length)
  }
  return undefined
}

/** The package.json of an installed package, found as Node.js finds the package from the example. */
function manifestOf(name: string): string {
  const found = (require.resolve.paths(name) ?? []).map((dir) => join(dir, name, "package.json")).find((file) => existsSync(file))
  if (!found) throw new Error(`${name} is not installed: run npm install at the repository root.`)
  return found
}

/** Whether `specifier` (next-auth… or @auth/core…) names an entry point of the installed package. */
function isEntryPoint(specifier: string): boolean {
  const name = specifier.startsWith("@auth/core") ? "@auth/core" : "next-auth"
  const manifestFile = manifestOf(name)
  const { exports } = JSON.parse(readFileSync(manifestFile, "utf8")) as { exports: Record<string, unknown> }
  const subpath = `.${specifier.slice(name.length)}`
  if (V4_ONLY.has(subpath)) return false
  if (subpath in exports) return true
  // `./providers/*`: a provider module that exists.
  const provider = /^\.\/providers\/([a-z0-9-]+)$/.exec(subpath)?.[1]
  return Boolean(provider && "./providers/*" in exports && readdirSync(join(dirname(manifestFile), "providers")).includes(`${provider}.js`))
}

/** A source with its Gatehouse specifiers replaced by Auth.js's. */
function mappedBack(text: string): string {
  return PREFIXES.reduce((code, [ours, theirs]) => code.replace(new RegExp(`(["'])${ours}(?=["'/])`, "g"), `$1${theirs}`), text)
}

const files = sourceFiles()
const uses = files.flatMap((file) => specifiersOf(file).map((specifier) => ({ file: relative(exampleDir, file), specifier })))
const appPaths = { "@/*": [join(exampleDir, "*")] }

describe("examples/next-auth-v5 is a next-auth v5 app with only its import specifiers changed", { timeout: 60_000 }, () => {
  it("reads the app's sources: auth.ts, proxy.ts, the route handlers, pages and components", () => {
    const names = files.map((file) => relative(exampleDir, file))
    for (const expected of ["auth.ts", "proxy.ts", "app/api/auth/[...nextauth]/route.ts", "app/api/protected/route.ts", "app/page.tsx", "components/client-example.tsx"]) {
      expect(names).toContain(expected)
    }
  })

  it("imports only its own modules, Next.js, React, Node.js, and Gatehouse specifiers that map back to next-auth / @auth/core entry points", () => {
    const wrong = uses.filter(({ specifier }) => {
      if (NOT_AUTH.test(specifier)) return false
      const authJs = toAuthJs(specifier)
      return !authJs || !isEntryPoint(authJs)
    })
    expect(wrong).toEqual([])
    expect(uses.filter(({ specifier }) => toAuthJs(specifier)).length).toBeGreaterThan(10)
  })

  it("the README's table lists each Gatehouse specifier the sources use, with its next-auth counterpart", () => {
    const readme = readFileSync(join(exampleDir, "README.md"), "utf8")
    const table = new Map([...readme.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)].map(([, theirs, ours]) => [ours, theirs]))
    for (const specifier of new Set(uses.map((use) => use.specifier).filter((specifier) => toAuthJs(specifier)))) {
      expect(table.get(specifier), `README row for ${specifier}`).toBe(toAuthJs(specifier))
    }
  })

  it("compiles against Gatehouse", () => {
    expect(compileApp(files, { paths: appPaths })).toEqual([])
  })

  it("compiles against next-auth 5.0.0-beta.32 with the specifiers mapped back", () => {
    const overrides = Object.fromEntries(files.map((file) => [file, mappedBack(readFileSync(file, "utf8"))]))
    expect(Object.values(overrides).join("\n")).not.toMatch(/@gatehousejs\//)
    expect(compileApp(files, { overrides, paths: appPaths })).toEqual([])
  })

  it("the next-auth check can fail: a name only Gatehouse has does not compile there", () => {
    const auth = join(exampleDir, "auth.ts")
    const text = `${mappedBack(readFileSync(auth, "utf8"))}\nimport { NextAuthAuth } from "next-auth"\nexport type Check = NextAuthAuth\n`
    const errors = compileApp([auth], { overrides: { [auth]: text }, paths: appPaths })
    expect(errors.join("\n")).toMatch(/has no exported member (named )?'NextAuthAuth'/)
  })
})
