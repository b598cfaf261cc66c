/**
 * The TypeScript snippets of README.md and of every published package's README compile under `strict`, against the
 * workspace sources. They are read from the READMEs on every run, so the check cannot drift from what users copy.
 *
 * Each ```ts / ```tsx block is one module. A block whose first line is a comment naming a file (`// app/layout.tsx`)
 * is written under that name (`// auth.ts, at the root` too), so `@/auth` resolves to the README's own `auth.ts`. Names a snippet leaves to the
 * reader (`db`, `app`, `verifyPassword`…) are declared in an ambient file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, describe, expect, it } from "vitest"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))
// Inside the repository, so that `react/jsx-runtime` and the packages' own imports resolve from node_modules.
const dir = join(root, "node_modules", ".cache", `readme-snippets-${process.pid}`)

const AMBIENT = `
import type { AuthConfig } from "@gatehousejs/core"
import type { Adapter } from "@gatehousejs/core/adapters"
declare global {
  const config: AuthConfig
  const db: { users: { find(email: string): Promise<{ id: string; name: string; email: string; role: "admin" | "member"; passwordHash: string } | null> } }
  function verifyPassword(hash: string, password: string): Promise<boolean>
  function verifyUser(username: unknown, password: unknown): Promise<{ id: string; name: string } | null>
  const app: { on(methods: string[], path: string, handler: (c: { req: { raw: Request } }) => Promise<Response>): void }
  const request: Request
  const adapter: Adapter
}
export {}
`

/** A Next.js app resolves \`next/navigation\` with its bundler; under this program's node16 resolution it is the .js file. */
const AMBIENT_MODULES = `declare module "next/navigation" {
  export * from "next/navigation.js"
}
`

interface Snippet {
  file: string
  code: string
  line: number
}

function readmeSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = []
  const fence = /^```(tsx?)[^\n]*\n([\s\S]*?)^```/gm
  for (const match of markdown.matchAll(fence)) {
    const [, lang, code = ""] = match
    const line = markdown.slice(0, match.index).split("\n").length
    const named = /^\/\/ ([\w@/[\].-]+\.tsx?)(?=[\s,]|$)/.exec(code.split("\n")[0] ?? "")
    snippets.push({ file: named?.[1] ?? `snippet-${line}.${lang}`, code, line })
  }
  return snippets
}

function compilerOptions(snippetDir: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    },
  })
  if (!parsed) throw new Error("tsconfig.json did not parse")
  return {
    ...parsed.options,
    strict: true,
    noEmit: true,
    paths: { ...parsed.options.paths, "@/*": [`${snippetDir}/*.ts`, `${snippetDir}/*.tsx`] },
    typeRoots: [join(root, "node_modules", "@types")],
  }
}

/** README.md, and the README of every package that is published (not `private`). */
function readmes(): string[] {
  const packages = readdirSync(join(root, "packages")).filter((name) => {
    const manifest = join(root, "packages", name, "package.json")
    return existsSync(manifest) && !(JSON.parse(readFileSync(manifest, "utf8")) as { private?: boolean }).private
  })
  return ["README.md", ...packages.map((name) => `packages/${name}/README.md`)].filter((path) => existsSync(join(root, path)))
}

let oldProgram: ts.Program | undefined

/** The compiler's complaints about one README's snippets, as `README.md:<line>: <message>`. */
function compileSnippets(readme: string): string[] {
  const snippets = readmeSnippets(readFileSync(join(root, readme), "utf8"))
  const snippetDir = join(dir, readme.replace(/\/README\.md$|README\.md$/, "") || "root")
  const files = [join(snippetDir, "ambient.d.ts"), join(snippetDir, "ambient-modules.d.ts")]
  mkdirSync(snippetDir, { recursive: true })
  writeFileSync(files[0]!, AMBIENT)
  writeFileSync(files[1]!, AMBIENT_MODULES)
  const lineOf = new Map<string, number>()
  for (const snippet of snippets) {
    const file = join(snippetDir, snippet.file)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, snippet.code)
    files.push(file)
    lineOf.set(file, snippet.line)
  }
  const program = ts.createProgram({ rootNames: files, options: compilerOptions(snippetDir), oldProgram })
  oldProgram = program
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && d.file.fileName.startsWith(snippetDir))
    .map((d) => {
      const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0)
      const readmeLine = (lineOf.get(d.file!.fileName) ?? 0) + line + 1
      return `${readme}:${readmeLine}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`
    })
}

describe("README snippets", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("README.md has its TypeScript snippets found (the extraction works)", () => {
    expect(readmeSnippets(readFileSync(join(root, "README.md"), "utf8")).length).toBeGreaterThanOrEqual(8)
  })

  it.each(readmes())("every TypeScript snippet of %s compiles under strict against the workspace packages", (readme) => {
    expect(compileSnippets(readme)).toEqual([])
  }, 180_000)
})
