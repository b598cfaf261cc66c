import { encode as authEncode } from "@auth/core/jwt"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { MissingSecretError } from "../../src/errors.js"
import { encode, getToken } from "../../src/jwt.js"

const SECRET = "get-token-secret-0123456789abcdef0123456789abcdef"
const COOKIE = "authjs.session-token"
const SECURE_COOKIE = "__Secure-authjs.session-token"
const claims = { sub: "user-1", name: "Ada", email: "ada@example.com" }

function request(url: string, headers: Record<string, string>): Request {
  return new Request(url, { headers })
}

beforeEach(() => {
  for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "NEXTAUTH_SECRET"]) {
    vi.stubEnv(name, "")
  }
})

afterEach(() => {
  vi.unstubAllEnvs()
})

describe("getToken", () => {
  it("reads and decodes the session cookie", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: COOKIE })
    const req = request("http://app.test/api", { cookie: `other=1; ${COOKIE}=${token}` })
    expect(await getToken({ req, secret: SECRET })).toMatchObject(claims)
  })

  it("reads a cookie written by @auth/core", async () => {
    const token = await authEncode({ token: claims, secret: SECRET, salt: COOKIE })
    expect(await getToken({ req: request("http://app.test/", { cookie: `${COOKIE}=${token}` }), secret: SECRET })).toMatchObject(
      claims,
    )
  })

  it("reassembles a chunked cookie (.0, .1, …)", async () => {
    const big = { ...claims, blob: "y".repeat(5_000) }
    const token = await encode({ token: big, secret: SECRET, salt: COOKIE })
    expect(token.length).toBeGreaterThan(3936)
    const cookie = `${COOKIE}.1=${token.slice(3936)}; ${COOKIE}.0=${token.slice(0, 3936)}`
    expect(await getToken({ req: request("http://app.test/", { cookie }), secret: SECRET })).toMatchObject(big)
  })

  it("reads __Secure-authjs.session-token with secureCookie: true, salted with that name", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: SECURE_COOKIE })
    const req = { headers: { cookie: `${SECURE_COOKIE}=${token}` } }
    expect(await getToken({ req, secret: SECRET, secureCookie: true })).toMatchObject(claims)
    expect(await getToken({ req, secret: SECRET })).toBeNull()
  })

  it("infers the secure cookie name from an https request URL (Auth.js issue #11043)", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: SECURE_COOKIE })
    const cookie = `${SECURE_COOKIE}=${token}`
    expect(await getToken({ req: request("https://app.test/api", { cookie }), secret: SECRET })).toMatchObject(claims)
    expect(await getToken({ req: request("http://app.test/api", { cookie }), secret: SECRET })).toBeNull()
    expect(await getToken({ req: request("https://app.test/api", { cookie }), secret: SECRET, secureCookie: false })).toBeNull()
  })

  it("honours a custom cookie name, salted with that name unless salt is given", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: "my-session" })
    const req = request("http://app.test/", { cookie: `my-session=${token}` })
    expect(await getToken({ req, secret: SECRET, cookieName: "my-session" })).toMatchObject(claims)
    expect(await getToken({ req, secret: SECRET, cookieName: "my-session", salt: COOKIE })).toBeNull()
  })

  it("falls back to Authorization: Bearer <url-encoded token>", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: COOKIE })
    const authorization = `Bearer ${encodeURIComponent(token)}`
    expect(await getToken({ req: request("http://app.test/", { authorization }), secret: SECRET })).toMatchObject(claims)
    expect(await getToken({ req: { headers: { Authorization: authorization } }, secret: SECRET })).toMatchObject(claims)
  })

  it("prefers the cookie over the Bearer header", async () => {
    const cookieToken = await encode({ token: { sub: "cookie" }, secret: SECRET, salt: COOKIE })
    const bearerToken = await encode({ token: { sub: "bearer" }, secret: SECRET, salt: COOKIE })
    const req = request("http://app.test/", { cookie: `${COOKIE}=${cookieToken}`, authorization: `Bearer ${bearerToken}` })
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "cookie" })
  })

  it.each([
    ["malformed percent-encoding", "Bearer %"],
    ["an encoded lone surrogate", "Bearer %ED%A0%80"],
    ["a 100 KB header", `Bearer ${"a".repeat(100 * 1024)}`],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["an empty token", "Bearer "],
  ])("a Bearer header with %s yields null, even with raw", async (_name, authorization) => {
    const req = request("http://app.test/", { authorization })
    expect(await getToken({ req, secret: SECRET })).toBeNull()
    expect(await getToken({ req, secret: SECRET, raw: true })).toBeNull()
  })

  it("a Bearer token with a raw lone surrogate or control character yields null", async () => {
    for (const authorization of ["Bearer \ud800abc", "Bearer a\u0000b"]) {
      expect(await getToken({ req: { headers: { authorization } }, secret: SECRET, raw: true })).toBeNull()
    }
  })

  it("raw: true returns the token string undecoded, without needing a secret", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: COOKIE })
    const req = request("http://app.test/", { cookie: `${COOKIE}=${token}` })
    expect(await getToken({ req, raw: true })).toBe(token)
  })

  it("a token that does not decode yields null", async () => {
    const foreign = await encode({ token: claims, secret: "some-other-secret-0123456789abcdef", salt: COOKIE })
    expect(await getToken({ req: request("http://app.test/", { cookie: `${COOKIE}=${foreign}` }), secret: SECRET })).toBeNull()
    expect(await getToken({ req: request("http://app.test/", { cookie: `${COOKIE}=garbage` }), secret: SECRET })).toBeNull()
  })

  it("no token yields null, with or without a secret", async () => {
    expect(await getToken({ req: request("http://app.test/", {}) })).toBeNull()
    expect(await getToken({ req: { headers: {} }, secret: SECRET })).toBeNull()
  })

  it("a token with no secret given or in the environment throws MissingSecretError", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: COOKIE })
    const req = request("http://app.test/", { cookie: `${COOKIE}=${token}` })
    await expect(getToken({ req })).rejects.toThrow(MissingSecretError)
    await expect(getToken({ req, secret: "" })).rejects.toThrow(MissingSecretError)
  })

  it("takes the secret from AUTH_SECRET, AUTH_SECRET_1..3 or NEXTAUTH_SECRET", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: COOKIE })
    const req = request("http://app.test/", { cookie: `${COOKIE}=${token}` })
    vi.stubEnv("AUTH_SECRET", SECRET)
    expect(await getToken({ req })).toMatchObject(claims)
    vi.stubEnv("AUTH_SECRET", "")
    vi.stubEnv("AUTH_SECRET_2", SECRET)
    vi.stubEnv("AUTH_SECRET_3", "the-newest-secret-0123456789abcdef")
    expect(await getToken({ req })).toMatchObject(claims)
    vi.stubEnv("AUTH_SECRET_2", "")
    vi.stubEnv("AUTH_SECRET_3", "")
    vi.stubEnv("NEXTAUTH_SECRET", SECRET)
    expect(await getToken({ req })).toMatchObject(claims)
  })

  it("uses a custom decode, and a throwing one yields null", async () => {
    const req = request("http://app.test/", { cookie: `${COOKIE}=opaque` })
    const seen: unknown[] = []
    const decoded = await getToken({
      req,
      secret: SECRET,
      decode: (params) => {
        seen.push(params)
        return { sub: "custom" }
      },
    })
    expect(decoded).toEqual({ sub: "custom" })
    expect(seen).toEqual([{ token: "opaque", secret: SECRET, salt: COOKIE }])
    const failing = await getToken({
      req,
      secret: SECRET,
      decode: () => {
        throw new Error("nope")
      },
    })
    expect(failing).toBeNull()
  })
})
