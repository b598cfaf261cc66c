/**
 * Compiles a set of app files the way a Next.js app's `tsc` sees them (`moduleResolution: "bundler"`, `strict`, the
 * options `create-next-app` writes), with every `@gatehousejs/*` specifier resolved through the package's own
 * `exports` map: a subpath missing from `package.json` does not resolve, so the check covers the map as well as the
 * types. Each `./dist/<path>.d.ts` target is read from `./src/<path>.ts`, so no build is needed.
 */
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))

type ExportTarget = string | null | { types?: string; default?: string }

/** `paths` entries for one workspace package: `@gatehousejs/next/jwt` → `<root>/packages/next/src/jwt.ts`. */
export function pathsFromExports(packageName: string, packageDir: string): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { exports: Record<string, ExportTarget> }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const specifier = packageName + subpath.slice(1)
    if (target === null) {
      // Blocked (`"./providers/normalize": null`): no file answers, so the import fails as it does from the package.
      paths[specifier] = [join(packageDir, "(not exported)")]
      continue
    }
    const file = typeof target === "string" ? target : target.types
    if (!file) throw new Error(`${packageName}: the export "${subpath}" has no "types" target.`)
    const source = /^\.\/dist\/(.+)\.d\.ts$/.exec(file)?.[1]
    if (source === undefined) {
      paths[specifier] = [join(packageDir, file)]
      continue
    }
    paths[specifier] = [join(packageDir, "src", `${source}.ts`), join(packageDir, "src", `${source}.tsx`)]
  }
  return paths
}

/** The compiler options of a Next.js app (its generated tsconfig.json), with the workspace packages mapped as above. */
export function nextAppOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    isolatedModules: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.ReactJSX,
    types: ["node"],
    typeRoots: [join(root, "node_modules", "@types")],
    paths: {
      ...pathsFromExports("@gatehousejs/core", join(root, "packages", "core")),
      ...pathsFromExports("@gatehousejs/next", join(root, "packages", "next")),
    },
  }
}

/** What {@link compileApp} may change: file texts (to prove a wrong line fails), extra `paths` (the app's `@/*`). */
export interface CompileAppOptions {
  overrides?: Record<string, string>
  paths?: Record<string, string[]>
}

/**
 * The compiler's complaints about `files` (absolute paths), as `<file relative to the root>:<line>: <message>`. Only
 * the app's own files are reported: what they import is checked for their sake, as `skipLibCheck` would.
 */
export function compileApp(files: string[], { overrides = {}, paths = {} }: CompileAppOptions = {}): string[] {
  const base = nextAppOptions()
  const options = { ...base, paths: { ...base.paths, ...paths } }
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (file) => overrides[resolve(file)] ?? readFile(file)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (file) => resolve(file) in overrides || fileExists(file)
  const program = ts.createProgram({ rootNames: files, options, host })
  const appFiles = new Set(files.map((file) => resolve(file)))
  // The packages' sources stand in for their published `.d.ts`, which `skipLibCheck` leaves unchecked: an app's
  // augmentation (a required `AdapterUser` field, say) is the app's business there, and so it is here.
  const fromApp = (diagnostic: ts.Diagnostic): boolean => !diagnostic.file || appFiles.has(resolve(diagnostic.file.fileName))
  return ts.getPreEmitDiagnostics(program).filter(fromApp).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")
    if (!diagnostic.file || diagnostic.start === undefined) return message
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
    return `${diagnostic.file.fileName.replace(`${root}/`, "")}:${line + 1}: ${message}`
  })
}
