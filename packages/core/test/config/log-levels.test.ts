/**
 * Issue 12 item 9: what a visitor causes (a wrong password, a missing CSRF token, a refused sign-in, a session cookie
 * that does not decrypt) is logged at `warn`, on one line, without a stack trace: anyone can send those, and the log
 * must not become their megaphone. What the server gets wrong stays at `error`, with its stack.
 */
import type { AuthConfig, LoggerInstance } from "@gatehousejs/core"
import { afterEach, describe, expect, it, vi } from "vitest"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"

interface Captured {
  error: string[]
  warn: string[]
}

/** What the default console logger writes, by console method. */
function captureConsole(): Captured {
  const out: Captured = { error: [], warn: [] }
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void out.error.push(args.map(String).join(" ")))
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void out.warn.push(args.map(String).join(" ")))
  vi.spyOn(console, "log").mockImplementation(() => {})
  return out
}

function withAuthorize(authorize: () => unknown, overrides: Partial<AuthConfig> = {}): AuthConfig {
  const config = testConfig(overrides)
  config.providers = [{ ...config.providers[0], options: { authorize } } as AuthConfig["providers"][number]]
  return config
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("failed sign-ins are warnings, on one line", () => {
  it("a wrong password is logged at warn as one line naming CredentialsSignin, nothing at error", async () => {
    const out = captureConsole()
    // A client address, as the framework packages record it: per-client limits apply and warn of nothing.
    const browser = new Browser(testConfig())
    browser.peer = "203.0.113.9"
    const response = await browser.signIn("alice", "wrong")
    expect(response.headers.get("location")).toContain("error=CredentialsSignin")
    expect(out.error).toEqual([])
    expect(out.warn).toHaveLength(1)
    expect(out.warn[0]).toContain("CredentialsSignin")
    expect(out.warn[0]).not.toContain("\n")
  })

  it("a sign-in without its CSRF token is logged at warn (MissingCSRF), nothing at error", async () => {
    const out = captureConsole()
    const browser = new Browser(testConfig())
    await browser.request("/callback/credentials", { body: { username: "alice", password: "x", csrfToken: "forged" } })
    expect(out.error).toEqual([])
    expect(out.warn.join("\n")).toContain("MissingCSRF")
  })

  it("a sign-in refused by the signIn callback is logged at warn (AccessDenied)", async () => {
    const out = captureConsole()
    await new Browser(testConfig({ callbacks: { signIn: () => false } })).signIn()
    expect(out.error).toEqual([])
    expect(out.warn.join("\n")).toContain("AccessDenied")
  })

  it("a custom logger's warn gets a warning code and one escaped line: a visitor's line break cannot forge a log line", async () => {
    const logger: LoggerInstance = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
    const { CredentialsSignin } = await import("@gatehousejs/core")
    const config = withAuthorize(
      () => {
        throw new CredentialsSignin("no such user bob\n[gatehouse][error] FORGED")
      },
      { logger },
    )
    await new Browser(config).signIn()
    expect(logger.error).not.toHaveBeenCalled()
    expect(logger.warn).toHaveBeenCalledTimes(1)
    const [code, message] = vi.mocked(logger.warn).mock.calls[0]!
    expect(code).toBe("sign-in-refused")
    expect(message).toContain("CredentialsSignin")
    expect(String(message)).not.toContain("\n")
  })

  it("a server problem (authorize throws) stays at error, with its stack", async () => {
    const out = captureConsole()
    await new Browser(withAuthorize(() => {
      throw new Error("the user store is down")
    })).signIn()
    expect(out.error.join("\n")).toContain("CallbackRouteError")
    expect(out.error.join("\n")).toMatch(/\s+at /)
  })

  it("a signIn callback that throws is the app's bug: logged at error, not as a refused sign-in", async () => {
    const out = captureConsole()
    await new Browser(testConfig({ callbacks: { signIn: () => { throw new Error("the ban list is unreachable") } } })).signIn()
    expect(out.error.join("\n")).toContain("AccessDenied")
  })
})

describe("a session cookie that does not decrypt is a warning", () => {
  it("an undecryptable session cookie is logged at warn, one line, no stack, and the session is null", async () => {
    const out = captureConsole()
    const browser = new Browser(testConfig(), ORIGIN)
    const response = await browser.request("/session", { headers: { cookie: "__Secure-authjs.session-token=garbage.not.a.jwe" } })
    expect(await response.json()).toBeNull()
    expect(out.error).toEqual([])
    expect(out.warn).toHaveLength(1)
    expect(out.warn[0]).toContain("session-cookie-invalid")
    expect(out.warn[0]).not.toContain("\n")
  })
})
