/**
 * Where the client core may run, and what it costs the rest of `@gatehousejs/core`: nothing reachable from the
 * package's root loads it (a server app never does), it loads nothing outside its folder, and it reads no DOM global
 * (so a client without a DOM, React Native, can bind it).
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const src = fileURLToPath(new URL("../src/", import.meta.url))
const clientDir = join(src, "client")

/** The relative modules `file` loads at run time (`import type` and `export type` load nothing). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8")
  const specifiers = [
    ...text.matchAll(/^(?:import|export) (?!type )[^;]*? from "(\.[^"]+)"/gms),
    ...text.matchAll(/^import "(\.[^"]+)"/gm),
    ...text.matchAll(/import\("(\.[^"]+)"\)/g),
  ].map((match) => match[1]!)
  return specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, ".ts")))
}

/** Every source file `entry` reaches through run-time imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of runtimeImports(file)) {
      const asFile = readdirSync(dirname(next)).includes(next.slice(dirname(next).length + 1)) ? next : join(next.replace(/\.ts$/, ""), "index.ts")
      pending.push(asFile)
    }
  }
  return seen
}

const clientFiles = readdirSync(clientDir).map((name) => join(clientDir, name))

describe("the client core's isolation", () => {
  it("a cold import of @gatehousejs/core loads no module of the client", () => {
    const loaded = [...reachable(join(src, "index.ts"))].map((file) => relative(src, file))
    expect(loaded.length).toBeGreaterThan(10)
    expect(loaded.filter((file) => file.startsWith("client/"))).toEqual([])
  })

  it("the client loads nothing outside src/client/ at run time", () => {
    const loaded = [...reachable(join(clientDir, "index.ts"))].map((file) => relative(clientDir, file))
    expect(loaded).toEqual(expect.arrayContaining(["sign-in.ts", "sign-out.ts", "webauthn.ts", "endpoints.ts"]))
    expect(loaded.filter((file) => file.startsWith(".."))).toEqual([])
  })

  it("the client reads no DOM or Web Crypto global: the platform is injected", () => {
    for (const file of clientFiles) {
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "")
      expect(code, relative(src, file)).not.toMatch(/\b(window|document|location|navigator|localStorage|sessionStorage|BroadcastChannel|crypto|console)\b|(?<![.\w])fetch\(/)
    }
  })

  it("every file of the client starts with a comment saying what it is for, and stays under 300 lines", () => {
    for (const file of clientFiles) {
      const text = readFileSync(file, "utf8")
      expect(text, relative(src, file)).toMatch(/^\/\*\*\n \* \S|^\/\*\* \S/)
      expect(text.split("\n").length, relative(src, file)).toBeLessThan(300)
    }
  })
})
