/**
 * "Works from a fresh install": the CLI is built and packed as npm would publish it, installed from that tarball into
 * a new project outside the repository (with the app's packages, `@gatehousejs/core` and the PostgreSQL adapter,
 * packed from their sources the same way), and then run as a user runs it, through `npx`. One test: the install
 * dominates its time (tens of seconds, mostly npm), and every step needs the one before.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, expect, it } from "vitest"
import { runNode, scratchInstall, type Run } from "./helpers/scratch-install.js"

const repository = fileURLToPath(new URL("../../../", import.meta.url))
const work = mkdtempSync(join(tmpdir(), "gatehousejs-fresh-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs a shell tool, failing the test with its output when it fails. */
function tool(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** The file name `npm pack --json` reports. */
function packed(output: string): string {
  return (JSON.parse(output) as { filename: string }[])[0]!.filename.replace(/^@/, "").replace(/\//, "-")
}

it("a project that installs the packed CLI runs npx gatehousejs secret, migrate --dry-run and doctor", async () => {
  const tarballs = join(work, "tarballs")
  tool("mkdir", ["-p", tarballs], work)
  // The build replaces packages/cli/dist: under the lock every build of the repository takes.
  const cli = tool(
    "flock",
    ["/tmp/gatehouse-dist.lock", "sh", "-c", `npm run build -w packages/cli >&2 && npm pack -w packages/cli --json --pack-destination "${tarballs}"`],
    repository,
  )
  const sources = scratchInstall({ with: ["core", "pg-adapter"] })
  try {
    const core = tool("npm", ["pack", join(sources.root, "node_modules", "@gatehousejs", "core"), "--json", "--pack-destination", tarballs], work)
    const adapter = tool("npm", ["pack", join(sources.root, "node_modules", "@gatehousejs", "pg-adapter"), "--json", "--pack-destination", tarballs], work)

    const app = join(work, "app")
    tool("mkdir", ["-p", app], work)
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "fresh-app", private: true, type: "module" }))
    tool("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...[cli, core, adapter].map((out) => join(tarballs, packed(out)))], app)
    expect(readdirSync(join(app, "node_modules", "@gatehousejs")).sort()).toEqual(["core", "pg-adapter"])

    const npx = (args: string[], env: Record<string, string> = {}): Promise<Run> => runNode(["--no", "gatehousejs", ...args], app, env, "npx")

    const secret = await npx(["secret"])
    expect(secret.status).toBe(0)
    expect(secret.stdout).toMatch(/^AUTH_SECRET="[A-Za-z0-9+/]{44}"\n$/)

    const dryRun = await npx(["migrate", "--dry-run", "--database", "postgres://app:hunter2-secret@127.0.0.1:1/app"])
    expect(dryRun.status).toBe(0)
    expect(dryRun.stdout).toContain("CREATE TABLE IF NOT EXISTS users (")
    expect(dryRun.stdout).not.toContain("hunter2")
    const sqlite = await npx(["migrate", "--dry-run", "--database", "file:app.db"])
    expect(sqlite).toMatchObject({ status: 1, stderr: expect.stringContaining("Add it with: npm install @gatehousejs/sqlite-adapter") })

    writeFileSync(
      join(app, "auth.config.ts"),
      `import type { AuthConfig } from "@gatehousejs/core"
import GitHub from "@gatehousejs/core/providers/github"

export default { providers: [GitHub] } satisfies AuthConfig
`,
    )
    const doctor = await npx(["doctor"], { AUTH_SECRET: "x".repeat(44), AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "gh-secret-value", AUTH_URL: "https://app.example.com" })
    expect(doctor.stderr.replace(/^npm warn .*\n/gm, "")).toBe("") // npm's own notices about this machine's config
    expect(doctor.status).toBe(0)
    expect(doctor.stdout).toContain("ok   provider github (oauth): callback URL to register with the provider: https://app.example.com/auth/callback/github")
    expect(doctor.stdout).not.toContain("gh-secret-value")
    expect(readdirSync(app).sort()).toEqual(["auth.config.ts", "node_modules", "package-lock.json", "package.json"])
  } finally {
    sources.remove()
  }
}, 300_000)
