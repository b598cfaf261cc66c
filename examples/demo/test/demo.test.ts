/**
 * The demo end to end over loopback: the real Express app on an ephemeral port, real `fetch`, cookies carried by
 * hand. The Demo IdP is left out here (`idp: false`); idp.test.ts signs in through it; password.test.ts walks the
 * `Password` provider's sign-up, confirmation and reset through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start } from "../src/app.js"

interface Running {
  url: string
  close: () => Promise<void>
}

/** Just enough of a browser's cookie store: name → value, removed when a cookie is expired. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const name = pair.slice(0, pair.indexOf("=")).trim()
      const value = pair.slice(pair.indexOf("=") + 1).trim()
      const expired = attributes.some((a) => {
        const [key = "", val = ""] = a.trim().split("=")
        return (key.toLowerCase() === "max-age" && Number(val) <= 0) || (key.toLowerCase() === "expires" && Date.parse(val) <= Date.now())
      })
      if (expired || value === "") this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name)
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }

let app: Running

beforeAll(async () => {
  app = await start({ port: 0, idp: false, database: ":memory:", logger: silentLogger })
})

afterAll(async () => {
  await app?.close()
  // Gatehouse logs the refusals these tests provoke; anything else would be a bug.
  expect(errors.filter((code) => code !== "CredentialsSignin" && code !== "MissingCSRF")).toEqual([])
})

async function get(path: string, jar?: CookieJar, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers: { ...headers, cookie: jar?.header() ?? "" } })
  jar?.store(response)
  return response
}

async function post(path: string, form: Record<string, string>, jar: CookieJar): Promise<Response> {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: app.url },
    body: new URLSearchParams(form),
  })
  jar.store(response)
  return response
}

async function csrfToken(jar: CookieJar): Promise<string> {
  const response = await get("/auth/csrf", jar)
  expect(response.status).toBe(200)
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
  return csrfToken
}

async function signIn(jar: CookieJar, email: string, password: string): Promise<Response> {
  const token = await csrfToken(jar)
  return post("/auth/callback/password", { csrfToken: token, email, password, callbackUrl: "/" }, jar)
}

describe("signed out", () => {
  it("the home page offers a sign-in link, a link to create an account, and lists the demo accounts", async () => {
    const response = await get("/")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    const html = await response.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<a class="button" href="/auth/signin?callbackUrl=%2F">Sign in</a>')
    expect(html).toContain('<a class="button secondary" href="/auth/signup?callbackUrl=%2F">Create an account</a>')
    expect(html).toContain("<code>alice@example.com</code></td><td><code>down the rabbit hole</code>")
    expect(html).toContain("<code>bob@example.com</code></td><td><code>can we fix it yes we can</code>")
    expect(html).toContain('<a href="/outbox">outbox</a>')
  })

  it("the built-in sign-in page shows the e-mail and password form, with the ways to forgot and sign-up", async () => {
    const response = await get("/auth/signin?callbackUrl=%2F")
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<form class="provider" method="post" action="[^"]*\/auth\/callback\/password">/)
    expect(html).toContain('type="password" name="password"')
    expect(html).toContain(`<a href="${app.url}/auth/password/forgot">Forgot your password?</a>`)
    expect(html).toContain(">Create an account</a>")
  })

  it("the private page redirects to sign-in, with a callbackUrl back to it", async () => {
    const response = await get("/private")
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!)
    expect(location.origin + location.pathname).toBe(`${app.url}/auth/signin`)
    expect(location.searchParams.get("callbackUrl")).toBe(`${app.url}/private`)
  })

  it("unknown pages are a 404 page", async () => {
    const response = await get("/nowhere")
    expect(response.status).toBe(404)
    expect(await response.text()).toContain("Page not found")
  })
})

describe("password sign-in", () => {
  it("alice's password signs her in: 302 to the callback URL with a session cookie", async () => {
    const jar = new CookieJar()
    const response = await signIn(jar, "alice@example.com", "down the rabbit hole")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${app.url}/`)
    expect(jar.has("authjs.session-token")).toBe(true)

    // A database session: the cookie holds an opaque token, the session is a row (email.test.ts reads the file).
    expect(jar.get("authjs.session-token")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)

    const home = await (await get("/", jar)).text()
    expect(home).toContain("Signed in as Alice (alice@example.com)")
    expect(home).toContain("You signed in <strong>with a password</strong>.")
    expect(home).toContain("&quot;id&quot;: &quot;1&quot;")
    expect(home).toContain("&quot;email&quot;: &quot;alice@example.com&quot;")

    const page = await get("/private", jar)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Hello, Alice!")
  })

  it.each([
    ["a wrong password", "alice@example.com", "not down the rabbit hole"],
    ["bob's password for alice", "alice@example.com", "can we fix it yes we can"],
    ["an unknown address", "mallory@example.com", "down the rabbit hole"],
  ])("%s is refused the same way: back to sign-in with CredentialsSignin", async (_, email, password) => {
    const jar = new CookieJar()
    const response = await signIn(jar, email, password)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${app.url}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(jar.has("authjs.session-token")).toBe(false)
  })

  it("without the CSRF token the sign-in is refused", async () => {
    const jar = new CookieJar()
    await csrfToken(jar)
    const response = await post("/auth/callback/password", { email: "alice@example.com", password: "down the rabbit hole" }, jar)
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
    expect(jar.has("authjs.session-token")).toBe(false)
  })
})

describe("sign-out", () => {
  it("the home page's sign-out form ends the session", async () => {
    const jar = new CookieJar()
    await signIn(jar, "bob@example.com", "can we fix it yes we can")
    const home = await (await get("/", jar)).text()
    expect(home).toContain("Signed in as Bob (bob@example.com)")
    const token = /name="csrfToken" value="([0-9a-f]{64})"/.exec(home)?.[1]
    expect(token).toBeDefined()

    const response = await post("/auth/signout", { csrfToken: token!, callbackUrl: "/" }, jar)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${app.url}/`)
    expect(jar.has("authjs.session-token")).toBe(false)
    expect(await (await get("/", jar)).text()).toContain(">Sign in</a>")
  })
})

describe("the Express bridge", () => {
  it("ignores X-Forwarded-Host unless Express trusts the proxy", async () => {
    const response = await get("/private", undefined, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" })
    expect(new URL(response.headers.get("location")!).origin).toBe(app.url)
  })

  it("honours X-Forwarded-Host and -Proto when `trust proxy` trusts the peer", async () => {
    const proxied: Running = await start({ port: 0, idp: false, database: ":memory:", trustProxy: "loopback", logger: silentLogger })
    try {
      const response = await fetch(`${proxied.url}/private`, {
        redirect: "manual",
        headers: { "x-forwarded-host": "demo.example", "x-forwarded-proto": "https" },
      })
      expect(response.headers.get("location")).toBe(
        "https://demo.example/auth/signin?callbackUrl=https%3A%2F%2Fdemo.example%2Fprivate",
      )
    } finally {
      await proxied.close()
    }
  })

  // 421 from the host guard (RT-04), before the Express bridge's own 400 for such a host (packages/express tests it).
  it("refuses a Host header that is not a plain host", async () => {
    const { request } = await import("node:http")
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const url = new URL(app.url)
      request({ host: url.hostname, port: url.port, path: "/", headers: { host: "evil.example/path?" } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
        .on("error", reject)
        .end()
    })
    expect(status).toBe(421)
  })
})
