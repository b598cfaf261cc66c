/**
 * The public API report (scripts/api-report.mjs, docs/stability.md): api/<package>.api.md must match what the sources
 * export, so that `npm test`, and so CI, fails on an export added, removed or changed without `npm run api`.
 * It covers every package but lives here because vitest runs packages/<name>/test only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

interface Generated {
  reports: Map<string, string>
  skipped: { packageName: string; reason: string }[]
}
interface ReportTool {
  generateReports(root: string): Generated
  readReports(dir: string): Map<string, string>
  compareReports(committed: Map<string, string>, generated: Map<string, string>): string | undefined
}

const root = fileURLToPath(new URL("../../../", import.meta.url))
let tool: ReportTool

beforeAll(async () => {
  // The tool is plain JavaScript run by node (npm run api); imported by URL, it is typed by ReportTool above.
  const load = (path: string): Promise<object> => import(new URL(path, new URL("../../../", import.meta.url)).href)
  const [generate, compare] = await Promise.all([load("scripts/api-report/generate.mjs"), load("scripts/api-report/compare.mjs")])
  tool = { ...generate, ...compare } as ReportTool
})

describe("the API report", () => {
  it("api/ records every published package's public API as the sources declare it", { timeout: 120_000 }, () => {
    const differences = tool.compareReports(tool.readReports(join(root, "api")), tool.generateReports(root).reports)
    if (differences !== undefined) expect.fail(differences)
  })

  describe("on a fixture package", () => {
    let fixture: string
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(fixture, path)), { recursive: true })
      writeFileSync(join(fixture, path), text)
    }

    beforeAll(() => {
      fixture = mkdtempSync(join(tmpdir(), "gatehouse-api-report-fixture-"))
      write(
        "tsconfig.json",
        JSON.stringify({
          compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, types: [], lib: ["ES2022"] },
        }),
      )
      write(
        "packages/demo/package.json",
        JSON.stringify({
          name: "@fixture/demo",
          exports: {
            ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
            "./extras": { types: "./dist/extras/index.d.ts", default: "./dist/extras/index.js" },
            "./extras/*": { types: "./dist/extras/*.d.ts", default: "./dist/extras/*.js" },
            "./package.json": "./package.json",
          },
        }),
      )
      write("packages/hidden/package.json", JSON.stringify({ name: "@fixture/hidden", private: true }))
      write("packages/demo/src/options.ts", "export interface Options {\n  loud: boolean\n}\n")
      write("packages/demo/src/helper.ts", "export class Helper {\n  #secret = 1\n  run(): number {\n    return this.#secret\n  }\n}\n")
      write("packages/demo/src/extras/index.ts", 'export const VERSION = "1"\n')
      write("packages/demo/src/extras/colors.ts", 'export type Color = "red" | "blue"\n')
      write("packages/demo/src/index.ts", INDEX)
    })

    afterAll(() => rmSync(fixture, { recursive: true, force: true }))

    it("records each entry point of the exports map with each export's kind and .d.ts text, and nothing else", () => {
      const { reports, skipped } = tool.generateReports(fixture)
      expect([...reports.keys()]).toEqual(["demo.api.md"])
      expect(skipped).toEqual([expect.objectContaining({ packageName: "@fixture/hidden", reason: expect.stringContaining("private") })])
      const report = reports.get("demo.api.md") ?? ""
      for (const part of [
        "## `@fixture/demo`\n",
        // A doc comment is left out, a release tag is kept; the body goes, as in a published .d.ts.
        "### `greet` — function\n\n```ts\nfunction greet(name: string, options?: Options): string;\n```",
        "### `default` — function\n\n```ts\nexport { greet as default };\n```",
        "interface Settings {\n    /** @deprecated */\n    legacy?: boolean;\n    mode: \"a\" | \"b\";\n}",
        "### `Helper` — class, type-only export",
        // The wildcard opens each file; its index is the same module as ./extras.
        "## `@fixture/demo/extras/colors`\n\n### `Color` — type\n\n```ts\ntype Color = \"red\" | \"blue\";\n```",
        "## `@fixture/demo/extras/index`\n\nThe same module as `@fixture/demo/extras`.",
        "## `@fixture/demo/package.json`\n\nA file, not a module: `./package.json`.",
        "### `Options` in `packages/demo/src/options.ts` — interface",
      ]) {
        expect(report).toContain(part)
      }
      expect(report).not.toContain("secret")
      expect(report).not.toContain(fixture)
      expect(tool.generateReports(fixture).reports.get("demo.api.md")).toBe(report)
    })

    it("an export added, removed or changed fails the comparison, naming each one and `npm run api`", () => {
      const before = tool.generateReports(fixture).reports
      expect(tool.compareReports(before, before)).toBeUndefined()
      write(
        "packages/demo/src/index.ts",
        INDEX.replace("options?: Options)", "options?: Options, times?: number)")
          .replace("export default greet\n", "")
          .concat("export const added = 1\n"),
      )
      const after = tool.generateReports(fixture).reports
      write("packages/demo/src/index.ts", INDEX)

      const message = tool.compareReports(before, after) ?? ""
      expect(message).toContain("The public API differs from the reports in api/ (3 differences)")
      expect(message).toContain(
        "    changed  @fixture/demo › greet (function)\n" +
          "      - function greet(name: string, options?: Options): string;\n" +
          "      + function greet(name: string, options?: Options, times?: number): string;",
      )
      expect(message).toContain("    added    @fixture/demo › added (const)")
      expect(message).toContain("    removed  @fixture/demo › default (function)")
      expect(message).toContain("record it with `npm run api`")
      expect(tool.compareReports(new Map(), after)).toContain("added    api/demo.api.md")
    })

    it("an exports map pointing at a file with no source is an error naming the package.json and the entry", () => {
      write("packages/broken/package.json", JSON.stringify({ name: "@fixture/broken", exports: { "./gone": "./dist/gone.js" } }))
      try {
        expect(() => tool.generateReports(fixture)).toThrow(
          'packages/broken/package.json "exports" "./gone" -> ./dist/gone.js: no source file for it under src/.',
        )
      } finally {
        rmSync(join(fixture, "packages/broken"), { recursive: true })
      }
    })
  })
})

const INDEX = `import type { Options } from "./options.js"

export interface Settings {
  /** @deprecated use \`mode\` */
  legacy?: boolean
  mode: "a" | "b"
}

/** Greets, politely: this comment is no API. */
export function greet(name: string, options?: Options): string {
  return options?.loud ? name.toUpperCase() : name
}

export default greet
export type { Helper } from "./helper.js"
`
