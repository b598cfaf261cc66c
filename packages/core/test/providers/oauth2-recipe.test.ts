/**
 * docs/oauth2-provider.md's recipe, exactly as written: its two TypeScript blocks (`// acme.ts`, `// auth.ts`) are read
 * from the doc on every run, compiled under `strict` against the workspace sources (so every option name is one the
 * types know), and the provider of `acme.ts` signs in against a loopback stand-in of the three endpoints the doc
 * describes (`stand-in/harness.ts`): the authorization URL with the doc's scope, PKCE and state; the code redeemed with
 * the client secret in the form body; the profile read with the Bearer token and mapped by the recipe's `profile()`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import ts from "typescript"
import { afterAll, describe, expect, it } from "vitest"
import { signInThroughStandIn } from "./stand-in/harness.js"
import type { StandIn } from "./stand-in/spec.js"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))
const doc = readFileSync(join(root, "docs", "oauth2-provider.md"), "utf8")
// Inside the repository, so that the workspace's packages and @types resolve as they do for an app.
const dir = join(root, "node_modules", ".cache", `oauth2-recipe-${process.pid}`)

/** The doc's ```ts block whose first line is `// <file>`. */
function block(file: string): string {
  for (const match of doc.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
    const code = match[1] ?? ""
    if (code.startsWith(`// ${file}\n`)) return code
  }
  throw new Error(`docs/oauth2-provider.md has no \`\`\`ts block starting with // ${file}`)
}

function compile(files: Record<string, string>): string[] {
  mkdirSync(dir, { recursive: true })
  const paths = Object.entries(files).map(([name, code]) => {
    writeFileSync(join(dir, name), code)
    return join(dir, name)
  })
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    },
  })
  if (!parsed) throw new Error("tsconfig.json did not parse")
  // An app's settings (a bundler, as create-next-app and Vite set up): `./acme` without an extension.
  const options: ts.CompilerOptions = {
    ...parsed.options,
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    typeRoots: [join(root, "node_modules", "@types")],
  }
  const program = ts.createProgram({ rootNames: paths, options })
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName.startsWith(dir))
    .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`)
}

/** The provider function of the doc's `acme.ts`, as JavaScript (its imports are types only). */
async function loadAcme(): Promise<(options: Record<string, unknown>) => { id: string; type: string }> {
  const { outputText } = ts.transpileModule(block("acme.ts"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  })
  mkdirSync(dir, { recursive: true })
  const file = join(dir, "acme.mjs")
  writeFileSync(file, outputText)
  return ((await import(pathToFileURL(file).href)) as { default: (options: Record<string, unknown>) => { id: string; type: string } }).default
}

const me = { id: 48_213, username: "jdoe", full_name: "Jane Doe", email: "Jane.Doe@example.com", avatar_url: "https://cdn.acme.example/a/48213.png" }

describe("docs/oauth2-provider.md's recipe", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("compiles under strict, acme.ts and auth.ts together", () => {
    expect(compile({ "acme.ts": block("acme.ts"), "auth.ts": block("auth.ts") })).toEqual([])
  }, 120_000)

  it("signs in against a loopback stand-in of the endpoints it names", async () => {
    const Acme = await loadAcme()
    const spec: StandIn = {
      name: "acme (docs/oauth2-provider.md)",
      provider: Acme,
      authorization: {
        url: "https://id.acme.example/oauth/authorize",
        params: { scope: "profile email", response_type: "code", code_challenge_method: "S256" },
      },
      token: { url: "https://id.acme.example/oauth/token", auth: "client_secret_post", response: { token_type: "bearer", expires_in: 3600 } },
      api: { "GET https://api.acme.example/v1/me": { body: me } },
      expect: {
        providerAccountId: "48213",
        user: { name: "Jane Doe", email: "jane.doe@example.com", image: "https://cdn.acme.example/a/48213.png" },
      },
    }
    const signedIn = await signInThroughStandIn(spec)
    // Both checks of the recipe were sent.
    expect(signedIn.authorizationUrl.searchParams.get("state")).toBeTruthy()
    expect(signedIn.authorizationUrl.searchParams.get("code_challenge")).toBeTruthy()
    // The token request carried the PKCE verifier, and the client secret in the body (client_secret_post).
    const tokenRequest = signedIn.requests.find((request) => request.url === "https://id.acme.example/oauth/token")
    expect(tokenRequest?.body).toMatchObject({ grant_type: "authorization_code", client_secret: "stand-in-client-secret" })
    expect(tokenRequest?.body.code_verifier).toBeTruthy()
    expect(tokenRequest?.headers.authorization).toBeUndefined()
    // The profile request: GET with the access token as a Bearer token.
    const profileRequest = signedIn.requests.find((request) => request.url === "https://api.acme.example/v1/me")
    expect(profileRequest?.method).toBe("GET")
    expect(profileRequest?.headers.authorization).toMatch(/^Bearer \S+$/)
  })

  it("falls back to the username when the profile has no full name, as its profile() says", async () => {
    const Acme = await loadAcme()
    const signedIn = await signInThroughStandIn({
      name: "acme without full_name",
      provider: Acme,
      authorization: { url: "https://id.acme.example/oauth/authorize" },
      token: { url: "https://id.acme.example/oauth/token", auth: "client_secret_post" },
      api: { "GET https://api.acme.example/v1/me": { body: { ...me, full_name: null, email: null } } },
      expect: { providerAccountId: "48213", user: { name: "jdoe" } },
    })
    expect(signedIn.user.email).toBeNull()
  })
})
