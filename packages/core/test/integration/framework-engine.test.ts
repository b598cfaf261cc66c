/**
 * `frameworkEngine()`: how every framework package reaches the engine — the configuration of each request (an object
 * or a lazy function, sync or async), kept per object, and one answer when the function throws.
 */
import { Auth, frameworkEngine, safeErrorName, type AuthConfig } from "@gatehousejs/core"
import { afterEach, describe, expect, it, vi } from "vitest"
import { ORIGIN, testConfig } from "../helpers/auth.js"

/** What an app's vault client might put in its error: never to be logged. */
const FAKE_SECRET = "postgres://tenants:s3cr3t-hunter2@vault.internal/db"
const GENERIC_500 = { message: "There was a problem with the server configuration. Check the server logs for more information." }

afterEach(() => vi.restoreAllMocks())

function logged(log: { mock: { calls: unknown[][] } }): string {
  return log.mock.calls.map((call) => call.map(String).join(" ")).join("\n")
}

/** A framework package's handler in miniature: the request is its own context. */
function handlerOf(input: AuthConfig | ((request: Request) => AuthConfig | Promise<AuthConfig>)): (request: Request) => Promise<Response> {
  const engine = frameworkEngine<AuthConfig, Request>(input, { framework: "@gatehousejs/test", basePath: (config) => config.basePath ?? "/auth" })
  return async (request) => {
    const config = await engine.configOrFailure(request)
    return config instanceof Response ? config : Auth(request, config)
  }
}

describe("a configuration function that throws", () => {
  it.each([
    ["sync", () => {
      throw new Error(`cannot reach ${FAKE_SECRET}`)
    }],
    ["async", async () => {
      throw new Error(`cannot reach ${FAKE_SECRET}`)
    }],
  ])("%s: the generic 500, private; the log line names the error's type, never its message", async (_, lazy) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const response = await handlerOf(lazy)(new Request(`${ORIGIN}/auth/session`))
    expect(response.status).toBe(500)
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    expect(await response.json()).toEqual(GENERIC_500)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith("[gatehouse][error] The lazy configuration function threw Error; no request can be answered.")
    expect(logged(log)).not.toContain("s3cr3t")
  })

  it("RT-07 a custom error name is logged when it is an identifier; one built from a request's value is logged as Error", () => {
    class VaultUnreachable extends Error {
      override name = "VaultUnreachable"
    }
    const forged = Object.assign(new Error("x"), { name: "a\r\n[gatehouse][error] forged" })
    expect(safeErrorName(new VaultUnreachable(FAKE_SECRET))).toBe("VaultUnreachable")
    expect(safeErrorName(forged)).toBe("Error")
    expect(safeErrorName(FAKE_SECRET)).toBe("string")
  })

  it("a function returning no configuration object is answered the same (TypeError), naming none of its value", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const response = await handlerOf((() => undefined) as unknown as () => AuthConfig)(new Request(`${ORIGIN}/auth/session`))
    expect(response.status).toBe(500)
    expect(log).toHaveBeenCalledWith("[gatehouse][error] The lazy configuration function threw TypeError; no request can be answered.")
  })

  it("configFor rejects with the app's own error (server-side functions leave it to the app)", async () => {
    const engine = frameworkEngine<AuthConfig, undefined>(
      () => {
        throw new RangeError("tenant")
      },
      { framework: "@gatehousejs/test", basePath: () => "/auth" },
    )
    await expect(engine.configFor(undefined)).rejects.toThrow(RangeError)
  })

  it("a framework's control-flow throw passes through `rethrow` instead of becoming a 500", async () => {
    const redirect = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT" })
    const engine = frameworkEngine<AuthConfig, undefined>(
      () => {
        throw redirect
      },
      {
        framework: "@gatehousejs/test",
        basePath: () => "/auth",
        rethrow: (error) => {
          if ((error as { digest?: string }).digest === "NEXT_REDIRECT") throw error
        },
      },
    )
    await expect(engine.configOrFailure(undefined)).rejects.toBe(redirect)
  })
})

describe("the configuration of a request", () => {
  it("a lazy function is called for every request, with that request's context", async () => {
    const config = testConfig()
    const lazy = vi.fn((_request: Request) => config)
    const handler = handlerOf(lazy)
    await handler(new Request(`${ORIGIN}/auth/session`))
    await handler(new Request(`${ORIGIN}/auth/csrf`))
    expect(lazy.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual(["/auth/session", "/auth/csrf"])
  })

  it("is derived once per configuration object, base path and environment record", async () => {
    const derive = vi.fn((config: AuthConfig, basePath: string) => ({ ...config, basePath }))
    let env = { AUTH_SECRET: "one" }
    const engine = frameworkEngine<AuthConfig, string, { AUTH_SECRET: string }>((mount) => (mount === "new" ? testConfig() : shared), {
      framework: "@gatehousejs/test",
      basePath: (_config, mount) => (mount === "/api/auth" ? "/api/auth" : "/auth"),
      env: () => env,
      derive,
    })
    const shared = testConfig()
    const first = await engine.configFor("/auth")
    expect(await engine.configFor("/auth")).toBe(first)
    expect((await engine.configFor("/api/auth")).basePath).toBe("/api/auth")
    expect(derive).toHaveBeenCalledTimes(2)
    await engine.configFor("new")
    expect(derive).toHaveBeenCalledTimes(3)
    env = { AUTH_SECRET: "two" }
    expect(await engine.configFor("/auth")).not.toBe(first)
    expect(derive).toHaveBeenCalledTimes(4)
  })

  it("without `derive`, a configuration already at its base path is handed to the engine as it is", async () => {
    const config = testConfig({ basePath: "/auth" })
    const engine = frameworkEngine<AuthConfig, undefined>(config, { framework: "@gatehousejs/test", basePath: () => "/auth" })
    expect(await engine.configFor(undefined)).toBe(config)
  })

  it("gatehouse answers a bound request with its configuration, and refuses (signed out) one that was not bound", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const engine = frameworkEngine<AuthConfig, undefined>(testConfig(), { framework: "@gatehousejs/test", basePath: () => "/auth" })
    const config = await engine.configFor(undefined)
    expect(await engine.gatehouse.auth(engine.bind(new Request(`${ORIGIN}/`), config))).toBeNull()
    expect(log).not.toHaveBeenCalled()
    expect(await engine.gatehouse.auth(new Request(`${ORIGIN}/`))).toBeNull()
    expect(logged(log)).toContain("auth() failed with Error")
  })
})
