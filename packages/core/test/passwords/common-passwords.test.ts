/**
 * The bundled list of common passwords (src/passwords/common-passwords.ts) is generated from its source package by
 * scripts/generate-common-passwords.js, in the form the check compares, and only the check loads it, on first use.
 */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { commonPasswordCounts, commonPasswords } from "../../src/passwords/common-passwords.js"

const generator = fileURLToPath(new URL("../../scripts/generate-common-passwords.js", import.meta.url))
const src = fileURLToPath(new URL("../../src/", import.meta.url))

describe("common-passwords.ts", () => {
  it("is up to date with its source package and filter (node packages/core/scripts/generate-common-passwords.js --check)", () => {
    expect(() => execFileSync(process.execPath, [generator, "--check"], { stdio: "pipe" })).not.toThrow()
    // About a second alone; reading a million-line list takes longer on a machine busy with other test files.
  }, 60_000)

  it("holds what its header says: distinct entries of 8+ characters, NFKC and lower-case, thousands of them 15+", () => {
    const entries = commonPasswords.split("\n")
    expect(entries).toHaveLength(commonPasswordCounts.entries)
    expect(new Set(entries).size).toBe(entries.length)
    expect(entries.filter((entry) => [...entry].length >= 15)).toHaveLength(commonPasswordCounts.atLeast15)
    expect(commonPasswordCounts.atLeast15).toBeGreaterThan(5000)
    for (const entry of entries) {
      if ([...entry].length < 8 || entry !== entry.normalize("NFKC").toLowerCase()) expect.fail(`not in the compared form: ${entry}`)
    }
  })

  it("stays within its size budget (about 1.5 MB)", () => {
    expect(readFileSync(`${src}passwords/common-passwords.ts`).byteLength).toBeLessThan(1_500_000)
  })

  it("is loaded only by breached.ts, through import() on first use: index.ts and the rest never import it", () => {
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.endsWith("common-passwords.ts"))
    const sources = files.map((file) => [file, readFileSync(`${src}${file}`, "utf8")] as const)
    const statically = sources.filter(([, text]) => /from\s+["'][^"']*common-passwords(?:\.js)?["']/.test(text))
    const lazily = sources.filter(([, text]) => /import\(\s*["'][^"']*common-passwords(?:\.js)?["']\s*\)/.test(text))
    expect(statically.map(([file]) => file)).toEqual([])
    expect(lazily.map(([file]) => file)).toEqual(["passwords/breached.ts"])
  })
})
