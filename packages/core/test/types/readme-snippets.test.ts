/**
 * The README's TypeScript snippets compile under `strict`, against the workspace sources. They are read from
 * README.md on every run, so the check cannot drift from what a new user copies.
 *
 * Each ```ts / ```tsx block is one module. A block whose first line is a comment naming a file (`// app/layout.tsx`)
 * is written under that name, so `@/auth` resolves to the README's own `auth.ts`. Names a snippet leaves to the
 * reader (`db`, `app`, `verifyPassword`…) are declared in an ambient file.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, describe, expect, it } from "vitest"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))
// Inside the repository, so that `react/jsx-runtime` and the packages' own imports resolve from node_modules.
const dir = join(root, "node_modules", ".cache", `readme-snippets-${process.pid}`)

const AMBIENT = `
import type { Adapter } from "@gatehousejs/core/adapters"
declare global {
  const db: { users: { find(email: string): Promise<{ id: string; name: string; email: string; role: "admin" | "member"; passwordHash: string } | null> } }
  function verifyPassword(hash: string, password: string): Promise<boolean>
  function verifyUser(username: unknown, password: unknown): Promise<{ id: string; name: string } | null>
  const app: { on(methods: string[], path: string, handler: (c: { req: { raw: Request } }) => Promise<Response>): void }
  const request: Request
  const adapter: Adapter
}
export {}
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
    const named = /^\/\/ ([\w@/[\].-]+\.tsx?)\s*$/m.exec(code.split("\n")[0] ?? "")
    snippets.push({ file: named?.[1] ?? `snippet-${line}.${lang}`, code, line })
  }
  return snippets
}

function compilerOptions(): ts.CompilerOptions {
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
    paths: { ...parsed.options.paths, "@/*": [`${dir}/*.ts`, `${dir}/*.tsx`] },
    typeRoots: [join(root, "node_modules", "@types")],
  }
}

describe("README", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("every TypeScript snippet compiles under strict against the workspace packages", () => {
    const snippets = readmeSnippets(readFileSync(join(root, "README.md"), "utf8"))
    expect(snippets.length).toBeGreaterThanOrEqual(8)

    rmSync(dir, { recursive: true, force: true })
    const files = [join(dir, "ambient.d.ts")]
    mkdirSync(dir, { recursive: true })
    writeFileSync(files[0]!, AMBIENT)
    const lineOf = new Map<string, number>()
    for (const snippet of snippets) {
      const file = join(dir, snippet.file)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, snippet.code)
      files.push(file)
      lineOf.set(file, snippet.line)
    }

    const program = ts.createProgram(files, compilerOptions())
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && d.file.fileName.startsWith(dir))
      .map((d) => {
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0)
        const readmeLine = (lineOf.get(d.file!.fileName) ?? 0) + line + 1
        return `README.md:${readmeLine}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`
      })
    expect(errors).toEqual([])
  }, 180_000)
})
