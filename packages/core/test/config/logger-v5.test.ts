/**
 * Issue 13 scope 3: a custom logger is called exactly as `@auth/core` 0.41 calls it — `error(error)` with the Error
 * itself, `warn(code)` for Auth.js's warning codes, `debug(message, metadata)` — so a v5 logger (a Sentry hook, say)
 * gets what it was written for. The error scenarios run on both libraries with the same recording logger.
 */
import { Auth as AuthJs, type AuthConfig as AuthJsConfig } from "@auth/core"
import AuthJsCredentials from "@auth/core/providers/credentials"
import { Auth, AuthError, type AuthConfig, type LoggerInstance, type WarningCode } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import Passkey from "@gatehousejs/core/providers/passkey"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterEach, describe, expect, it, vi } from "vitest"
import { BASE, ORIGIN, SECRET } from "../helpers/auth.js"

type Call = [level: "error" | "warn" | "debug", args: unknown[]]

/** A v5 logger, typed as Auth.js types it, that records every call with all its arguments. */
function recorder(): { logger: LoggerInstance; calls: Call[] } {
  const calls: Call[] = []
  const logger: LoggerInstance = {
    error: (...args: [Error]) => void calls.push(["error", args]),
    warn: (...args: [WarningCode, string?]) => void calls.push(["warn", args]),
    debug: (...args: [string, unknown?]) => void calls.push(["debug", args]),
  }
  return { logger, calls }
}

type Handler = (request: Request) => Promise<Response>

/** A credentials sign-in through the endpoints, CSRF token and cookie included. */
async function signInWithCredentials(handle: Handler): Promise<Response> {
  const csrf = await handle(new Request(`${ORIGIN}${BASE}/csrf`))
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return handle(
    new Request(`${ORIGIN}${BASE}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: ORIGIN },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "x" }),
    }),
  )
}

const errorType = (error: unknown): string | undefined => (error instanceof Error ? ((error as AuthError).type ?? error.name) : undefined)

afterEach(() => {
  vi.unstubAllEnvs()
})

describe("logger.error(error), as @auth/core calls it", () => {
  it("a failing authorize: both libraries hand the logger one argument, the Error, typed CallbackRouteError", async () => {
    const authorize = () => {
      throw new Error("the user store is down")
    }
    const theirs = recorder()
    const ours = recorder()
    const authjsConfig: AuthJsConfig = { secret: SECRET, trustHost: true, basePath: BASE, providers: [AuthJsCredentials({ credentials: { username: {}, password: {} }, authorize })], logger: theirs.logger as AuthJsConfig["logger"], debug: false }
    const config: AuthConfig = { secret: SECRET, trustHost: true, basePath: BASE, providers: [Credentials({ credentials: { username: {}, password: {} }, authorize })], logger: ours.logger }
    await signInWithCredentials((request) => AuthJs(request, authjsConfig))
    await signInWithCredentials((request) => Auth(request, config))

    const errors = (calls: Call[]) => calls.filter(([level]) => level === "error").map(([, args]) => args)
    expect(errors(theirs.calls).length).toBeGreaterThan(0)
    for (const args of [...errors(theirs.calls), ...errors(ours.calls)]) {
      expect(args).toHaveLength(1)
      expect(args[0]).toBeInstanceOf(Error)
    }
    expect(errors(ours.calls).map(([error]) => errorType(error))).toEqual(errors(theirs.calls).map(([error]) => errorType(error)))
    const [[error]] = errors(ours.calls) as [[AuthError]]
    expect(error).toBeInstanceOf(AuthError)
    expect((error.cause as { err?: Error }).err?.message).toBe("the user store is down")
  })

  it("no secret in production: both log MissingSecret as error(error)", async () => {
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_SECRET", "")
    const theirs = recorder()
    const ours = recorder()
    await AuthJs(new Request(`${ORIGIN}${BASE}/session`), { trustHost: true, basePath: BASE, providers: [], logger: theirs.logger as AuthJsConfig["logger"] })
    await Auth(new Request(`${ORIGIN}${BASE}/session`), { trustHost: true, basePath: BASE, providers: [], logger: ours.logger })
    for (const { calls } of [theirs, ours]) {
      const [args] = calls.filter(([level]) => level === "error").map(([, a]) => a)
      expect(args).toHaveLength(1)
      expect(errorType(args![0])).toBe("MissingSecret")
    }
  })
})

describe("logger.warn(code) and logger.debug(message, metadata)", () => {
  it("an Auth.js warning code comes alone, as Auth.js sends it: warn('experimental-webauthn')", async () => {
    const { logger, calls } = recorder()
    const adapter = { getUser: async () => null, createVerificationToken: async () => null, useVerificationToken: async () => null }
    await Auth(new Request(`${ORIGIN}${BASE}/providers`), {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: adapter as unknown as AuthConfig["adapter"],
      session: { strategy: "jwt" },
      experimental: { enableWebAuthn: true },
      providers: [Passkey],
      logger,
    })
    expect(calls.filter(([level]) => level === "warn")).toContainEqual(["warn", ["experimental-webauthn"]])
  })

  it("Gatehouse's own warning codes bring their text as a second argument; a v5 logger may ignore it", async () => {
    const { logger, calls } = recorder()
    await Auth(new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie: "__Secure-authjs.session-token=not-a-jwe" } }), { secret: SECRET, trustHost: true, basePath: BASE, providers: [], logger })
    const warned = calls.filter(([level]) => level === "warn").map(([, args]) => args)
    expect(warned).toEqual([["session-cookie-invalid", expect.stringContaining("cleared")]])
  })

  it("a custom debug gets (message: string, metadata), never more, even without debug: true", async () => {
    const { logger, calls } = recorder()
    // A database session read: the adapter call is a debug line.
    const adapter = SqliteAdapter({ filename: ":memory:" })
    const request = new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie: "__Secure-authjs.session-token=some-token" } })
    await Auth(request, { secret: SECRET, trustHost: true, basePath: BASE, providers: [], adapter, logger })
    const debugs = calls.filter(([level]) => level === "debug").map(([, args]) => args)
    expect(debugs.length).toBeGreaterThan(0)
    for (const args of debugs) {
      expect(typeof args[0]).toBe("string")
      expect(args.length).toBeLessThanOrEqual(2)
    }
  })
})
