/**
 * `<SignIn />` and `<SignOut />` (`@gatehousejs/sveltekit/components`) rendered on the server by Svelte 5, as a page
 * using them is: the form posts to the app's form action under `paths.base`, carries the provider, `redirectTo` and the
 * authorization parameters the action reads, and takes its button's content from a Svelte 5 snippet or a Svelte 4-style
 * slot alike. The components are compiled here with Svelte's compiler, as the app's build compiles them.
 */
import { kit, resetKit } from "./helpers/sveltekit-modules.js"
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { compile } from "svelte/compiler"
import type { Component } from "svelte"
import { render } from "svelte/server"
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest"

vi.mock("$app/forms", () => ({ enhance: () => ({ destroy: () => {} }) }))

const components = fileURLToPath(new URL("../src/components/", import.meta.url))
// In the repository (so `svelte/internal/server` resolves) and outside node_modules (so Vitest transforms the output and
// the `$app/*` mocks apply); git-ignored, and removed after the run.
const out = fileURLToPath(new URL(`./.compiled/${process.pid}/`, import.meta.url))
mkdirSync(out, { recursive: true })
afterAll(() => {
  rmSync(out, { recursive: true, force: true })
  try {
    rmdirSync(join(out, ".."))
  } catch {
    // Another run's output is still there.
  }
})

let compiled = 0

/** Compiles Svelte source for the server; imports of `./SignIn.svelte` / `./SignOut.svelte` get the compiled ones. */
async function load(source: string, name = `Page${compiled++}`): Promise<Component<Record<string, unknown>>> {
  const { js } = compile(source, { generate: "server", filename: `${name}.svelte` })
  const code = js.code.replace(/"\.\/(SignIn|SignOut)\.svelte"/g, '"./$1.js"')
  writeFileSync(join(out, `${name}.js`), code)
  return ((await import(/* @vite-ignore */ join(out, `${name}.js`))) as { default: Component<Record<string, unknown>> }).default
}

beforeEach(async () => {
  resetKit()
  for (const name of ["SignIn", "SignOut"]) await load(readFileSync(join(components, `${name}.svelte`), "utf8"), name)
})

/** The page's HTML without Svelte's hydration comments. */
async function html(source: string, props: Record<string, unknown> = {}): Promise<string> {
  return render(await load(source), { props }).body.replace(/<!--[^>]*-->/g, "")
}

describe("<SignIn />", () => {
  it("posts the provider, redirectTo and authorization parameters to {base}/signin", async () => {
    kit.base = "/app"
    const body = await html(
      `<script>import SignIn from "./SignIn.svelte"</script>
       <SignIn provider="github" options={{ redirectTo: "/dashboard" }} authorizationParams={{ prompt: "consent" }} className="wide" data-testid="gh" />`,
    )
    expect(body).toContain('<form method="POST" action="/app/signin" class="signInButton wide" data-testid="gh">')
    expect(body).toContain('<input type="hidden" name="providerId" value="github"/>')
    expect(body).toContain('<input type="hidden" name="redirectTo" value="/dashboard"/>')
    expect(body).toContain('<input type="hidden" name="authorizationParams-prompt" value="consent"/>')
    expect(body).toContain('<button type="submit">Signin with github</button>')
    expect(body).not.toContain('name="redirect"')
    expect(body).not.toContain('name="callbackUrl"')
  })

  it("takes its button from a Svelte 5 snippet and from a Svelte 4-style slot", async () => {
    const snippet = await html(`<script>import SignIn from "./SignIn.svelte"</script>
      <SignIn provider="demo-idp">{#snippet submitButton()}<span class="b">Sign in with Demo IdP</span>{/snippet}</SignIn>`)
    expect(snippet).toContain('<button type="submit"><span class="b">Sign in with Demo IdP</span></button>')
    const slot = await html(`<script>import SignIn from "./SignIn.svelte"</script>
      <SignIn provider="demo-idp"><div slot="submitButton">Sign in with Demo IdP</div></SignIn>`)
    expect(slot).toContain('<button type="submit"><div slot="submitButton">Sign in with Demo IdP</div></button>')
  })

  it("shows the credentials fields for credentials, and an e-mail field whose label names it for an e-mail provider", async () => {
    const credentials = await html(`<script>import SignIn from "./SignIn.svelte"</script>
      <SignIn provider="credentials">{#snippet credentials()}<input name="username" />{/snippet}</SignIn>`)
    expect(credentials).toContain('<input name="username"/>')
    for (const provider of ["email", "nodemailer", "resend"]) {
      const body = await html(`<script>import SignIn from "./SignIn.svelte"</script><SignIn provider="${provider}" />`)
      expect(body).toContain(`<label class="section-header" for="input-email-for-${provider}-provider">Email</label>`)
      expect(body).toContain(`<input id="input-email-for-${provider}-provider" type="email" name="email"`)
    }
    expect(await html(`<script>import SignIn from "./SignIn.svelte"</script><SignIn provider="github" />`)).not.toContain('name="email"')
  })

  it("without a provider, the button says Signin and the action opens the sign-in page", async () => {
    const body = await html(`<script>import SignIn from "./SignIn.svelte"</script><SignIn />`)
    expect(body).toContain('<input type="hidden" name="providerId" value=""/>')
    expect(body).toContain('<button type="submit">Signin</button>')
  })
})

describe("<SignOut />", () => {
  it("posts redirectTo to {base}/signout, with its own button content", async () => {
    kit.base = "/app"
    const body = await html(`<script>import SignOut from "./SignOut.svelte"</script>
      <SignOut options={{ redirectTo: "/bye" }}>{#snippet submitButton()}Leave{/snippet}</SignOut>`)
    expect(body).toContain('<form method="POST" action="/app/signout" class="signOutButton ">')
    expect(body).toContain('<input type="hidden" name="redirectTo" value="/bye"/>')
    expect(body).toContain('<button type="submit">Leave</button>')
    expect(await html(`<script>import SignOut from "./SignOut.svelte"</script><SignOut />`)).toContain('<button type="submit">Sign Out</button>')
  })
})
