/**
 * `npx gatehousejs secret`, run as users run it: the bin as a child process, in a scratch project directory.
 * The sources are transpiled into a scratch install first (helpers/scratch-install.ts), so the test needs no build.
 */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { scratchInstall, type Run, type ScratchInstall } from "./helpers/scratch-install.js"

const pkg = fileURLToPath(new URL("../", import.meta.url))
let install: ScratchInstall
let project: string

beforeAll(() => {
  install = scratchInstall({ with: [] })
})

afterAll(() => install.remove())

beforeEach(() => {
  project = install.project()
})

function run(...args: string[]): Promise<Run> {
  return install.run(project, args)
}

const valueOf = (line: string): string => /^AUTH_SECRET="([^"]+)"$/m.exec(line)?.[1] ?? ""

describe("npx gatehousejs secret", () => {
  it("prints an AUTH_SECRET line whose value decodes to at least 32 random bytes, different on each run", async () => {
    const first = await run("secret")
    const second = await run("secret")
    expect(first.status).toBe(0)
    expect(first.stdout).toMatch(/^AUTH_SECRET="[A-Za-z0-9+/]+"\n$/)
    expect(Buffer.from(valueOf(first.stdout), "base64").length).toBeGreaterThanOrEqual(32)
    expect(valueOf(second.stdout)).not.toBe(valueOf(first.stdout))
    expect(readdirSync(project)).toEqual([]) // printing writes nothing
  })

  it("--raw prints only the value", async () => {
    const { status, stdout } = await run("secret", "--raw")
    expect(status).toBe(0)
    expect(stdout).toMatch(/^[A-Za-z0-9+/]{44}\n$/)
    expect(Buffer.from(stdout.trim(), "base64").length).toBeGreaterThanOrEqual(32)
  })

  it("--write creates .env.local with mode 0600 holding the secret", async () => {
    const { status, stdout } = await run("secret", "--write")
    expect(status).toBe(0)
    expect(stdout).toContain(".env.local")
    const file = join(project, ".env.local")
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(Buffer.from(valueOf(readFileSync(file, "utf8")), "base64").length).toBeGreaterThanOrEqual(32)
  })

  it("--write adds to an existing .env when there is no .env.local, keeping what was there", async () => {
    writeFileSync(join(project, ".env"), "DATABASE_URL=postgres://localhost/app")
    expect((await run("secret", "--write")).status).toBe(0)
    const lines = readFileSync(join(project, ".env"), "utf8").split("\n")
    expect(lines[0]).toBe("DATABASE_URL=postgres://localhost/app")
    expect(valueOf(lines.join("\n"))).not.toBe("")
  })

  it("refuses to replace an existing AUTH_SECRET without --force, and leaves the file as it was", async () => {
    const file = join(project, ".env.local")
    writeFileSync(file, 'AUTH_SECRET="old"\nAUTH_GITHUB_ID=abc\n')
    const { status, stdout, stderr } = await run("secret", "--write")
    expect(status).toBe(1)
    expect(stdout).toBe("")
    expect(stderr).toContain(".env.local already sets AUTH_SECRET; nothing was changed")
    expect(stderr).toContain("--force")
    expect(readFileSync(file, "utf8")).toBe('AUTH_SECRET="old"\nAUTH_GITHUB_ID=abc\n')
  })

  it("--force replaces every AUTH_SECRET line, keeps `export`, AUTH_SECRET_1 and the other lines", async () => {
    const file = join(project, "secrets.env")
    writeFileSync(file, 'export AUTH_SECRET=old\nAUTH_SECRET_1="older"\nAUTH_SECRET=again\nAUTH_URL=https://app.example\n')
    chmodSync(file, 0o644)
    const { status, stderr } = await run("secret", "--file", "secrets.env", "--force")
    expect(status).toBe(0)
    expect(stderr).toContain("other users of this machine can read secrets.env")
    const text = readFileSync(file, "utf8")
    expect(text).toMatch(/^export AUTH_SECRET="[A-Za-z0-9+/]{44}"\nAUTH_SECRET_1="older"\nAUTH_URL=https:\/\/app.example\n$/)
  })

  it("says what is wrong, with exit code 2, for an unknown option or command or a contradiction", async () => {
    for (const args of [["secret", "--bogus"], ["sekret"], [], ["secret", "--raw", "--write"], ["secret", "--force"]]) {
      const { status, stdout, stderr } = await run(...args)
      expect({ args, status, stdout }).toEqual({ args, status: 2, stdout: "" })
      expect(stderr).toMatch(/gatehousejs|Usage/)
      expect(stderr).not.toMatch(/\n\s+at /) // no stack trace
    }
  })

  it("--help and --version answer on stdout with exit code 0; the help names every command, each has its own", async () => {
    const help = await run("--help")
    expect(help).toMatchObject({ status: 0, stdout: expect.stringContaining("npx gatehousejs secret") })
    expect(help.stdout).toMatch(/^ {2}secret .*\n {2}migrate .*\n {2}doctor /m)
    expect(await run("secret", "--help")).toMatchObject({ status: 0, stdout: expect.stringContaining("--write") })
    expect(await run("migrate", "--help")).toMatchObject({ status: 0, stdout: expect.stringContaining("--dry-run") })
    expect(await run("doctor", "-h")).toMatchObject({ status: 0, stdout: expect.stringContaining("--config <file>") })
    const { version } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { version: string }
    expect(await run("--version")).toMatchObject({ status: 0, stdout: `${version}\n` })
  })

  it("an unwritable target is one line naming the file, exit code 1, no stack trace", async () => {
    const { status, stderr } = await run("secret", "--file", join(project, "missing-dir", ".env"))
    expect(status).toBe(1)
    expect(stderr).toMatch(/^gatehousejs secret: could not write .*missing-dir\/\.env: ENOENT\.\n$/)
  })
})
