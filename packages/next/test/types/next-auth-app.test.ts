/**
 * Issue 13, scope 2: a next-auth v5 app's typical code type-checks against @gatehousejs/next with only its import
 * specifiers changed. The app is `next-auth-app/` — module augmentation of Session, User, JWT and AdapterUser, a v5
 * logger, the callbacks (`jwt` reading `session.user.name` on "update"), provider options, `createActionURL`, a
 * `CredentialsSignin` subclass, `customFetch`, `getToken`, an adapter, the package.json version — compiled as a
 * Next.js app compiles it, each `@gatehousejs/*` import resolved through the package's `exports` map.
 *
 * The files are `.mts` so that the repository's own typecheck (which includes `packages/*\/test/**\/*.ts`) does not
 * take them in: their augmentations would change `Session` for every other test.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { compileApp } from "./compile-app.js"

const appDir = fileURLToPath(new URL("./next-auth-app/", import.meta.url))
const appFiles = readdirSync(appDir)
  .filter((name) => name.endsWith(".mts"))
  .map((name) => join(appDir, name))
const errorsFile = join(appDir, "augmentation-errors.mts")
const serverFile = join(appDir, "server.mts")
const authFile = join(appDir, "auth.mts")

/** The line numbers (1-based) that follow a `// @ts-expect-error` directive. */
function expectedErrorLines(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (line.trimStart().startsWith("// @ts-expect-error") ? [index + 2] : []))
}

describe("a next-auth v5 app on @gatehousejs/next (only the import specifiers changed)", { timeout: 60_000 }, () => {
  it("compiles without an error, each expected error included", () => {
    expect(appFiles.map((file) => file.slice(appDir.length)).sort()).toEqual(["augmentation-errors.mts", "auth.mts", "client.mts", "server.mts"])
    expect(compileApp(appFiles)).toEqual([])
  })

  it("the augmentations are real: without its @ts-expect-error, each wrong line is an error, and nothing else is", () => {
    const text = readFileSync(errorsFile, "utf8")
    const lines = expectedErrorLines(text)
    expect(lines.length).toBeGreaterThanOrEqual(7)
    const withoutDirectives = text.replaceAll("// @ts-expect-error", "// expected:")
    const errors = compileApp(appFiles, { overrides: { [errorsFile]: withoutDirectives } })
    const at = errors.map((error) => /^packages\/next\/test\/types\/next-auth-app\/augmentation-errors\.mts:(\d+):/.exec(error)?.[1])
    expect(at.map(Number)).toEqual(lines)
  })

  it("a wrong type in the app fails the check (the version from package.json is a string)", () => {
    const text = readFileSync(serverFile, "utf8")
    const wrong = text.replace("export const version: string = packageJSON.version", "export const version: number = packageJSON.version")
    expect(wrong).not.toBe(text)
    const errors = compileApp(appFiles, { overrides: { [serverFile]: wrong } })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/server\.mts:\d+: Type 'string' is not assignable to type 'number'/)
  })

  it("a subpath the package does not export fails to resolve", () => {
    const text = readFileSync(authFile, "utf8")
    const wrong = text.replace('"@gatehousejs/next/providers/github"', '"@gatehousejs/next/providers/not-a-provider"')
    expect(wrong).not.toBe(text)
    expect(compileApp(appFiles, { overrides: { [authFile]: wrong } }).join("\n")).toMatch(/Cannot find module '@gatehousejs\/next\/providers\/not-a-provider'/)
  })
})
