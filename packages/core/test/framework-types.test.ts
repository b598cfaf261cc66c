/**
 * Every framework package's types resolve as its Auth.js counterpart's do, under `moduleResolution` "node" (the
 * official SolidStart example's: it ignores `exports`, so only `types`/`typesVersions` count), "node16" and
 * "bundler": an app that imports each of the counterpart's entry points and names, with the prefix swapped, compiles.
 * Each name that is a value must be one, and not `any` (a re-export whose module did not resolve). The app is
 * compiled against the built packages (`dist/`, as installed): `npm test` builds first; run `npm run build` before
 * running this file alone. One TypeScript program per resolution covers the six packages.
 *
 * It covers every framework package but lives here, as the API report's test does, because it is one program.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectedTypesVersions, FRAMEWORK_PACKAGES, readManifest, type FrameworkPackage } from "./helpers/counterpart-entries.js"
import { coreProviderModules } from "./helpers/provider-entries.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))

const RESOLUTIONS = {
  node: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10 },
  node16: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
} as const

/** The app's source for one package: every subpath imported, every counterpart name imported from it. */
function appSource(pkg: FrameworkPackage): string {
  const lines = ["type IsAny<T> = 0 extends 1 & T ? true : false"]
  const all = new Set([...Object.keys(readManifest(pkg.dir).exports), ...Object.keys(pkg.counterpart.exports)])
  const subpaths = [...all].filter((subpath) => subpath !== "./package.json" && !subpath.endsWith("/*"))
  subpaths.forEach((subpath, i) => {
    const specifier = pkg.name + subpath.slice(1)
    lines.push(`import type * as n${i} from "${specifier}"`)
    const names = pkg.counterpart.names[subpath]
    if (!names) return
    const absent = pkg.absentNames[subpath] ?? {}
    const values = names.values.filter((name) => !(name in absent))
    const types = names.types.filter((name) => !(name in absent))
    if (values.length > 0) {
      lines.push(`import { ${values.map((name, j) => `${name} as v${i}_${j}`).join(", ")} } from "${specifier}"`)
      lines.push(`export const values${i}: [${values.map((_, j) => `IsAny<typeof v${i}_${j}>`).join(", ")}] = [${values.map(() => "false").join(", ")}]`)
    }
    if (types.length > 0) lines.push(`import type { ${types.map((name, j) => `${name} as t${i}_${j}`).join(", ")} } from "${specifier}"`)
    lines.push(`export type N${i} = typeof n${i}`)
  })
  if ("./providers/*" in pkg.counterpart.exports) {
    coreProviderModules().forEach((name, i) => lines.push(`import type * as p${i} from "${pkg.name}/providers/${name}"`))
    lines.push(`import { default as github } from "${pkg.name}/providers/github"`)
    lines.push(`export const provider: IsAny<typeof github> = false`)
  }
  return `${lines.join("\n")}\n`
}

let app: string
const files = new Map<FrameworkPackage, string>()

beforeAll(() => {
  for (const pkg of FRAMEWORK_PACKAGES) {
    if (!existsSync(join(pkg.dir, "dist", "index.d.ts"))) throw new Error(`${pkg.name} is not built: run \`npm run build\` first (npm test does)`)
  }
  // An app folder outside the repository whose node_modules is the workspace's (@gatehousejs/* link to packages/*).
  app = mkdtempSync(join(tmpdir(), "gatehouse-framework-types-"))
  symlinkSync(join(root, "node_modules"), join(app, "node_modules"), "dir")
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }))
  mkdirSync(join(app, "src"))
  for (const pkg of FRAMEWORK_PACKAGES) {
    const file = join(app, "src", `${pkg.name.split("/")[1]}.ts`)
    writeFileSync(file, appSource(pkg))
    files.set(pkg, file)
  }
})

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true })
})

describe("the framework packages' types, as an app compiles them", () => {
  it.each(FRAMEWORK_PACKAGES.map((pkg) => [pkg.name, pkg] as const))("%s maps every subpath for moduleResolution node (typesVersions), with root types and main", (_, pkg) => {
    const manifest = readManifest(pkg.dir)
    expect(manifest.typesVersions).toEqual(expectedTypesVersions(pkg.dir))
    expect(manifest.types).toBe("./dist/index.d.ts")
    expect(manifest.main).toBe("./dist/index.js")
  })

  it("@gatehousejs/core maps every subpath for moduleResolution node too: the framework packages' types re-export its", () => {
    const core = join(root, "packages", "core")
    expect(readManifest(core).typesVersions).toEqual(expectedTypesVersions(core))
    expect(readManifest(core).types).toBe("./dist/index.d.ts")
  })

  it.each(Object.entries(RESOLUTIONS))("every entry point and counterpart name resolves under moduleResolution %s", { timeout: 120_000 }, (_, resolution) => {
    const program = ts.createProgram({
      rootNames: [...files.values()],
      options: {
        ...resolution,
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        esModuleInterop: true,
        jsx: ts.JsxEmit.ReactJSX,
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
      },
    })
    const ours = new Set(files.values())
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics(), ...program.getSyntacticDiagnostics()]
      .filter((diagnostic) => diagnostic.file === undefined || ours.has(diagnostic.file.fileName))
      .map((diagnostic) => {
        const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")
        if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`
        const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
        const source = diagnostic.file.text.split("\n")[line]
        return `${diagnostic.file.fileName.slice(app.length + 1)}:${line + 1} TS${diagnostic.code}: ${text}\n    ${source}`
      })
    if (diagnostics.length > 0) expect.fail(`${diagnostics.length} errors:\n${diagnostics.join("\n")}`)
  })
})
