/**
 * docs/deployment.md says exactly what Gatehouse trusts: its table of `trustHost` inference and its order of public
 * origins are checked here against the code (`trustHostFromEnv`, `publicOrigin`, `linkOrigin`), and its links (and
 * docs/oauth2-provider.md's) against the files and headings they point at. Changing either side without the other fails here.
 */
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { trustHostFromEnv } from "../../src/config/env.js"
import { linkOrigin, publicOrigin } from "../../src/http/request.js"

const root = resolve(fileURLToPath(new URL("../../../../", import.meta.url)))
const doc = readFileSync(join(root, "docs", "deployment.md"), "utf8")

describe("docs/deployment.md: whether the host is trusted", () => {
  // One case per row of the doc's table, in its order.
  const rows: { row: string; env: Record<string, string>; explicit?: boolean; trusted: boolean }[] = [
    { row: "`trustHost: true` / `false`", env: { NODE_ENV: "production" }, explicit: true, trusted: true },
    { row: "`trustHost: true` / `false`", env: { AUTH_URL: "https://app.example.com" }, explicit: false, trusted: false },
    { row: "`AUTH_URL` / `NEXTAUTH_URL` set", env: { NODE_ENV: "production", AUTH_URL: "https://app.example.com/auth" }, trusted: true },
    { row: "`AUTH_URL` / `NEXTAUTH_URL` set", env: { NODE_ENV: "production", NEXTAUTH_URL: "https://app.example.com" }, trusted: true },
    { row: "`AUTH_TRUST_HOST` set and not empty", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, trusted: true },
    { row: "`AUTH_TRUST_HOST` set and not empty", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "1" }, trusted: true },
    ...["false", "0", "no", "off"].map((value) => ({ row: "except `false`, `0`, `no`, `off`", env: { AUTH_TRUST_HOST: value }, trusted: false })),
    { row: "`VERCEL` or `CF_PAGES` set", env: { NODE_ENV: "production", VERCEL: "1" }, trusted: true },
    { row: "`VERCEL` or `CF_PAGES` set", env: { NODE_ENV: "production", CF_PAGES: "1" }, trusted: true },
    { row: "`NODE_ENV` is not `production`", env: {}, trusted: true },
    { row: "`NODE_ENV` is not `production`", env: { NODE_ENV: "development" }, trusted: true },
    { row: "otherwise (production, nothing set)", env: { NODE_ENV: "production" }, trusted: false },
    // An AUTH_URL that is not an absolute http(s) URL does not count (it is a configuration error of its own).
    { row: "It must be an absolute `http(s)://` URL", env: { NODE_ENV: "production", AUTH_URL: "app.example.com" }, trusted: false },
  ]

  it.each(rows)("$row: $env → $trusted", ({ row, env, explicit, trusted }) => {
    expect(doc).toContain(row)
    expect(trustHostFromEnv(env, explicit)).toBe(trusted)
  })
})

describe("docs/deployment.md: the public origin", () => {
  const behindProxy = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/auth/signin", { headers })
  const local = new URL("http://127.0.0.1:3000/auth/signin")

  it("1. AUTH_URL wins over Host and X-Forwarded-*", () => {
    const request = behindProxy({ host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" })
    expect(publicOrigin(request, local, new URL("https://app.example.com/auth"), true)).toBe("https://app.example.com")
  })

  it("2. trusted: the first value of X-Forwarded-Host and X-Forwarded-Proto; a host that is not plain is ignored", () => {
    const request = behindProxy({ "x-forwarded-host": "app.example.com, proxy.internal", "x-forwarded-proto": "https, http" })
    expect(publicOrigin(request, local, undefined, true)).toBe("https://app.example.com")
    expect(publicOrigin(behindProxy({ "x-forwarded-host": "app.example.com/evil" }), local, undefined, true)).toBe("http://127.0.0.1:3000")
    expect(publicOrigin(behindProxy({ "x-forwarded-proto": "ftp" }), local, undefined, true)).toBe("http://127.0.0.1:3000")
  })

  it("2. Forwarded (RFC 7239) and X-Forwarded-Port are not read", () => {
    const request = behindProxy({ forwarded: "host=app.example.com;proto=https", "x-forwarded-port": "8443" })
    expect(publicOrigin(request, local, undefined, true)).toBe("http://127.0.0.1:3000")
  })

  it("3. untrusted: the request's own URL, whatever the forwarded headers say", () => {
    const request = behindProxy({ "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" })
    expect(publicOrigin(request, local, undefined, false)).toBe("http://127.0.0.1:3000")
  })

  it("e-mail links: AUTH_URL only in production; a localhost origin outside production", () => {
    expect(doc).toContain("Without\n  `AUTH_URL`, e-mail sign-in is refused with `UntrustedHost` in production")
    expect(linkOrigin("https://app.example.com", undefined, true)).toBeUndefined()
    expect(linkOrigin("https://evil.example", new URL("https://app.example.com/auth"), true)).toBe("https://app.example.com")
    expect(linkOrigin("http://localhost:3000", undefined, false)).toBe("http://localhost:3000")
    expect(linkOrigin("http://evil.example", undefined, false)).toBeUndefined()
  })
})

describe.each(["deployment.md", "oauth2-provider.md"])("docs/%s: links", (name) => {
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to `-`. */
  const slug = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\w\s-]/g, "")
      .replace(/\s/g, "-")
  const anchorsOf = (markdown: string) => new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)))
  const markdown = readFileSync(join(root, "docs", name), "utf8")
  const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/.test(target))

  it("finds the doc's links (the extraction works)", () => {
    expect(links.length).toBeGreaterThan(0)
  })

  it.each(links)("%s points at an existing file and heading", (target) => {
    const [path = "", anchor] = target.split("#")
    const file = join(root, "docs", path || name)
    expect(existsSync(file), `${target}: no such file`).toBe(true)
    if (!anchor) return
    const linked = readFileSync(file.endsWith(".md") ? file : join(file, "README.md"), "utf8")
    expect([...anchorsOf(linked)], `${target}: no such heading in ${dirname(file)}`).toContain(anchor)
  })
})
