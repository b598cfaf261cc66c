/**
 * `npx gatehousejs doctor`, run as users run it: the bin as a child process in a scratch project whose TypeScript
 * `auth.config.ts` imports the (transpiled) `@gatehousejs/core` installed beside it. The report is one line per
 * check; it never holds a secret's value; it fails (exit code 1) on what would break a deployment.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scratchInstall, type Run, type ScratchInstall } from "./helpers/scratch-install.js"

let install: ScratchInstall
beforeAll(() => {
  install = scratchInstall({ with: ["core"] })
})
afterAll(() => install.remove())

const SECRET = "Zk3n0tAr3alS3cr3tButL0ngEn0ugh+ForTh3T3sts0123"
const GITHUB_SECRET = "gh-client-secret-4f9c2e7a1b"
const NEXT_APP = JSON.stringify({ name: "app", private: true, type: "module", dependencies: { next: "^16.0.0", "@gatehousejs/next": "*" } })

/** GitHub (bare, credentials from AUTH_GITHUB_*) and Credentials, written as an app writes it: TypeScript, typed. */
const AUTH_CONFIG = `import type { AuthConfig } from "@gatehousejs/core"
import GitHub from "@gatehousejs/core/providers/github"
import Credentials from "@gatehousejs/core/providers/credentials"

interface Login { username: string }

/** Stands for the app's shared rate-limit store (PostgresRateLimitStore…): production with a memory store warns. */
const sharedStore = { hit: async () => ({ count: 1, resetAt: Date.now() + 1000 }), reset: async () => {} }

const config = {
  rateLimit: { store: sharedStore },
  providers: [
    GitHub,
    Credentials({
      credentials: { username: { label: "Username" } },
      authorize: async (input): Promise<{ id: string } | null> => ((input as Partial<Login>).username ? { id: "1" } : null),
    }),
  ],
} satisfies AuthConfig

export default config
`

const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com", AUTH_GITHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: GITHUB_SECRET }

function doctor(project: string, env: Record<string, string> = {}, ...args: string[]): Promise<Run> {
  return install.run(project, ["doctor", ...args], env)
}

function lines(run: Run): string[] {
  return run.stdout.trimEnd().split("\n")
}

function expectNoSecret(run: Run): void {
  for (const value of [SECRET, GITHUB_SECRET]) {
    expect(run.stdout).not.toContain(value)
    expect(run.stderr).not.toContain(value)
  }
}

describe("doctor on a Next.js app with auth.config.ts (GitHub + Credentials)", () => {
  it("a complete production setup: every check ok, the https callback URL to register for GitHub, exit code 0", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, PRODUCTION)
    expect(run.stderr).toBe("")
    expect(run.status).toBe(0)
    const report = lines(run)
    expect(report[0]).toMatch(/^gatehousejs doctor: auth\.config\.ts \(default export\), NODE_ENV=production, .*routes at https:\/\/app\.example\.com\/api\/auth \(AUTH_URL\)$/)
    expect(report.slice(1).every((line) => /^(ok {2}|warn|fail) \S/.test(line))).toBe(true)
    expect(report).toContain(`ok   secret: set: AUTH_SECRET (${SECRET.length} characters).`)
    expect(report).toContain("ok   AUTH_URL: https://app.example.com/")
    expect(report).toContain("ok   provider github (oauth): callback URL to register with the provider: https://app.example.com/api/auth/callback/github")
    expect(report).toContain("ok   provider credentials (credentials): no callback URL to register.")
    expect(run.stdout).not.toMatch(/^(warn|fail)/m)
    expect(run.stdout).not.toContain("\x1b[") // no colours when not on a terminal
    expectNoSecret(run)
  })

  it("production with the memory rate-limit store: a warning that the limits are per process", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG.replace("rateLimit: { store: sharedStore },", "") })
    const run = await doctor(project, PRODUCTION)
    expect(run.status).toBe(0)
    expect(lines(run)).toContainEqual(expect.stringMatching(/^warn engine warning rate-limit-memory-store: Rate limits count in this process's memory/))
  })

  it("reads .env.local and .env as the app does, and prints neither value", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "auth.config.ts": AUTH_CONFIG,
      ".env.local": `AUTH_SECRET="${SECRET}"\nAUTH_GITHUB_SECRET=${GITHUB_SECRET}\n`,
      ".env": "AUTH_GITHUB_ID=Iv1.abc\nAUTH_GITHUB_SECRET=overridden-by-env-local\n",
    })
    const run = await doctor(project)
    expect(run.status).toBe(0)
    expect(lines(run)[0]).toContain("env files: .env.local, .env")
    expect(run.stdout).toContain("ok   provider github (oauth): callback URL to register with the provider: http://localhost:3000/api/auth/callback/github")
    expectNoSecret(run)
  })

  it("no secret in production: fail (once, not again as the engine's MissingSecretError), exit code 1", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { ...PRODUCTION, AUTH_SECRET: "" })
    expect(run.status).toBe(1)
    expect(lines(run)).toContain("fail secret: not set: in production every request fails. Set AUTH_SECRET (npx gatehousejs secret --write).")
    expect(run.stdout).not.toContain("MissingSecret")
    // The callback URL is still listed: registering it is how one gets the provider's credentials.
    expect(run.stdout).toContain("https://app.example.com/api/auth/callback/github")
  })

  it("no secret in development: a warning that the generated secret is not for production; nothing is written", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { AUTH_GITHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: GITHUB_SECRET })
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^warn secret: not set: development uses a generated secret in node_modules\/\.cache\/gatehousejs\/dev-secret, which is not a production secret\./m)
    expect(readdirSync(project).sort()).toEqual(["auth.config.ts", "package.json"])
    expect(readdirSync(install.root).sort()).not.toContain(".cache")
  })

  it("a plain http AUTH_URL with NODE_ENV=production fails, exit code 1", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { ...PRODUCTION, AUTH_URL: "http://app.example.com" })
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/^fail AUTH_URL: http:\/\/app\.example\.com\/ is plain http in production/m)
    expect(run.stdout).toContain("http://app.example.com/api/auth/callback/github")
  })

  it("--url checks as if AUTH_URL were that URL", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { ...PRODUCTION, AUTH_URL: "http://wrong.example" }, "--url", "https://auth.example.org")
    expect(run.status).toBe(0)
    expect(run.stdout).toContain("callback URL to register with the provider: https://auth.example.org/api/auth/callback/github")
  })

  it("a short secret, and one copied from the development secret file, are called out", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    expect((await doctor(project, { ...PRODUCTION, AUTH_SECRET: "tooshort-but-secret" })).stdout).toMatch(
      /^warn secret: AUTH_SECRET is set but has 19 characters: at least 32 random characters are advised/m,
    )
    const devSecret = "ab".repeat(32)
    mkdirSync(join(project, "node_modules", ".cache", "gatehousejs"), { recursive: true })
    writeFileSync(join(project, "node_modules", ".cache", "gatehousejs", "dev-secret"), `${devSecret}\n`)
    const run = await doctor(project, { ...PRODUCTION, AUTH_SECRET: devSecret })
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/^fail secret: AUTH_SECRET is the development secret from node_modules\/\.cache\/gatehousejs\/dev-secret/m)
    expect(run.stdout).not.toContain(devSecret)
  })

  it("a missing client id and secret are a problem named by variable; the URL to register is listed", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { AUTH_SECRET: SECRET })
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/^fail configuration \(InvalidProvider\): Provider "github" is missing its credentials: set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET/m)
    expect(run.stdout).toContain(
      "ok   provider github (oauth): callback URL to register with the provider: http://localhost:3000/api/auth/callback/github\n",
    )
  })
})

describe("doctor: where the routes are (issue 25 item 8)", () => {
  it("an AUTH_URL without a scheme fails with the fix, and no callback URL is built from it", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const run = await doctor(project, { AUTH_SECRET: SECRET, AUTH_URL: "localhost:4830", AUTH_GITHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: GITHUB_SECRET })
    expect(run.status).toBe(1)
    expect(lines(run)[0]).toMatch(/routes: unknown until AUTH_URL is fixed$/)
    expect(run.stdout).toContain('fail AUTH_URL: "localhost:4830" is not an http:// or https:// URL: the engine refuses to start with it. Write http://localhost:4830.')
    expect(run.stdout).toContain("fail providers: callback URLs are not shown until AUTH_URL is a valid URL")
    expect(run.stdout).not.toContain("/callback/")
    expect(run.stdout).not.toContain("/4830/")
  })

  it("the port comes from the dev script (next dev -p), else PORT, else it says which default it assumed", async () => {
    const withScript = JSON.stringify({ ...JSON.parse(NEXT_APP), scripts: { dev: "next dev --turbopack -p 4830" } })
    const env = { AUTH_SECRET: SECRET, AUTH_GITHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: GITHUB_SECRET }
    const scripted = await doctor(install.project({ "package.json": withScript, "auth.config.ts": AUTH_CONFIG }), env)
    expect(lines(scripted)[0]).toMatch(/routes at http:\/\/localhost:4830\/api\/auth \(port from the dev script: next dev --turbopack -p 4830\)$/)
    expect(scripted.stdout).toContain("callback URL to register with the provider: http://localhost:4830/api/auth/callback/github")

    const plain = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    expect(lines(await doctor(plain, { ...env, PORT: "8080" }))[0]).toMatch(/routes at http:\/\/localhost:8080\/api\/auth \(PORT\)$/)
    expect(lines(await doctor(plain, env))[0]).toMatch(/routes at http:\/\/localhost:3000\/api\/auth \(assumed: next dev's default port 3000; pass --url\)$/)
    const svelte = install.project({ "package.json": JSON.stringify({ name: "app", type: "module", devDependencies: { "@sveltejs/kit": "^2" } }), "src/auth.ts": AUTH_CONFIG })
    expect(lines(await doctor(svelte, env))[0]).toMatch(/routes at http:\/\/localhost:5173\/auth \(assumed: Vite's default port 5173; pass --url\)$/)
  })
})

describe("doctor: host trust and cookies", () => {
  it("production without AUTH_URL or AUTH_TRUST_HOST fails trustHost; AUTH_TRUST_HOST=true is a warning", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": AUTH_CONFIG })
    const untrusted = await doctor(project, { ...PRODUCTION, AUTH_URL: "" })
    expect(untrusted.status).toBe(1)
    expect(untrusted.stdout).toMatch(/^fail trustHost: the request's host is not trusted/m)
    expect(untrusted.stdout).not.toContain("(UntrustedHost)") // reported once
    const trusted = await doctor(project, { ...PRODUCTION, AUTH_URL: "", AUTH_TRUST_HOST: "true" })
    expect(trusted.status).toBe(0)
    expect(trusted.stdout).toMatch(/^warn trustHost: true \(AUTH_TRUST_HOST=true\): the Host and X-Forwarded-Host headers decide/m)
  })

  it("useSecureCookies: false behind an https AUTH_URL, and a __Secure- cookie without Secure, fail in production", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "auth.config.ts": `import base from "./base.config"
export const authConfig = {
  ...base,
  useSecureCookies: false,
  cookies: { sessionToken: { name: "__Secure-app.session", options: { httpOnly: false } } },
}
`,
      "base.config.ts": AUTH_CONFIG,
    })
    const run = await doctor(project, PRODUCTION)
    expect(run.status).toBe(1)
    const report = lines(run)
    expect(report[0]).toContain("auth.config.ts (export authConfig)")
    expect(report).toContain("fail cookies: useSecureCookies is false with an https AUTH_URL: the session cookie loses its Secure flag and __Secure- prefix.")
    expect(report).toContain("fail cookies.sessionToken: __Secure-app.session is not Secure: browsers refuse a __Secure- cookie without the Secure flag.")
    expect(report).toContain("warn cookies.sessionToken: httpOnly is false: any script on the page can read the session cookie.")
  })
})

describe("doctor: finding and loading the configuration", () => {
  it("an auth.ts importing through a tsconfig path alias (@/lib/…, as Next.js apps do) loads", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "tsconfig.json": `{
  // as create-next-app writes it: comments and a trailing comma
  "compilerOptions": { "paths": { "@/*": ["./*"], }, },
}`,
      "lib/providers.ts": `import GitHub from "@gatehousejs/core/providers/github"\nexport const providers = [GitHub]\n`,
      "auth.ts": `import { providers } from "@/lib/providers"\nexport default { providers }\n`,
    })
    const run = await doctor(project, PRODUCTION)
    expect(run.stderr).toBe("")
    expect(run.stdout).toContain("https://app.example.com/api/auth/callback/github")
  })

  it("an app on core alone (no Next.js) has its routes at /auth; --base-path moves them", async () => {
    const project = install.project({ "package.json": JSON.stringify({ name: "app", type: "module" }), "src/auth.ts": AUTH_CONFIG })
    const run = await doctor(project, PRODUCTION)
    expect(lines(run)[0]).toMatch(/^gatehousejs doctor: src\/auth\.ts /)
    expect(run.stdout).toContain("https://app.example.com/auth/callback/github")
    expect((await doctor(project, PRODUCTION, "--base-path", "/api/v1/auth/")).stdout).toContain("https://app.example.com/api/v1/auth/callback/github")
  })

  it("a lazy configuration (a function) is called; --config names a .mjs module", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "config/lazy.mjs": `import GitHub from "@gatehousejs/core/providers/github"
export default async (request) => ({ providers: [GitHub], basePath: request === undefined ? "/lazy/auth" : "/wrong" })
`,
    })
    const run = await doctor(project, PRODUCTION, "--config", "config/lazy.mjs")
    expect(run.status).toBe(0)
    expect(run.stdout).toContain("https://app.example.com/lazy/auth/callback/github")
  })

  it("a NextAuth()/Gatehouse() result carrying its configuration under Symbol.for('gatehousejs.config') is read", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "auth.ts": `import config from "./auth.config"
const result = { handlers: {}, auth: () => null, [Symbol.for("gatehousejs.config")]: config }
export const { handlers, auth } = result
export default result
`,
      "auth.config.ts": AUTH_CONFIG,
    })
    const run = await doctor(project, PRODUCTION, "--config", "auth.ts")
    expect(run.status).toBe(0)
    expect(run.stdout).toContain("https://app.example.com/api/auth/callback/github")
  })

  it("a result without the configuration says to export it from auth.config.ts, in one line, exit code 1", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "auth.ts": "export const { handlers, auth } = { handlers: {}, auth: () => null }\n",
    })
    const run = await doctor(project, PRODUCTION)
    expect(run.status).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr).toMatch(/^gatehousejs doctor: auth\.ts exports a NextAuth\(\) or Gatehouse\(\) result, .*auth\.config\.ts.*\n$/)
  })

  it("a module that throws on import is one line with its message (any secret in it hidden), exit code 1", async () => {
    const project = install.project({
      "package.json": NEXT_APP,
      "auth.config.ts": 'throw new Error(`cannot reach the vault with ${process.env.AUTH_SECRET}`)\nexport default {}\n',
    })
    const run = await doctor(project, PRODUCTION)
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: "gatehousejs doctor: auth.config.ts could not be loaded: cannot reach the vault with [hidden]\n",
    })
  })

  it("no configuration file: the names looked for and --config, exit code 1", async () => {
    const run = await doctor(install.project({ "package.json": NEXT_APP }))
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^gatehousejs doctor: no auth configuration found: looked for auth\.config\.ts, auth\.config\.js, .*src\/auth\.mjs\. Name the file with --config <file>\.\n$/)
    const named = await doctor(install.project(), {}, "--config", "nope.ts")
    expect(named).toMatchObject({ status: 1, stderr: "gatehousejs doctor: nope.ts does not exist.\n" })
  })

  it("an export that is not a configuration is named", async () => {
    const run = await doctor(install.project({ "auth.config.ts": "export const config = 42\n" }), PRODUCTION)
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(
      "gatehousejs doctor: auth.config.ts: the export config is not an auth configuration (an object with providers, or a function returning one).\n",
    )
  })

  it("what the configuration leaves open (a pool, a timer) does not keep doctor running", async () => {
    const project = install.project({ "package.json": NEXT_APP, "auth.config.ts": `setInterval(() => {}, 1000)\n${AUTH_CONFIG}` })
    const run = await doctor(project, PRODUCTION)
    expect(run.status).toBe(0)
  }, 15_000)

  it("wrong options are exit code 2 with the help", async () => {
    for (const args of [["--bogus"], ["--url", "app.example.com"], ["--base-path", "auth"]]) {
      const run = await doctor(install.project(), {}, ...args)
      expect({ args, status: run.status, stdout: run.stdout }).toEqual({ args, status: 2, stdout: "" })
      expect(run.stderr).toMatch(/^gatehousejs doctor: /)
    }
  })
})
