/**
 * The session's cookies reach Qwik City's cookie jar as the engine's own `Set-Cookie` lines: the package's
 * serialisation is core's `serializeCookie`, attribute for attribute.
 */
import { describe, expect, it } from "vitest"
import { serializeCookie } from "../../core/src/http/cookie.js"
import { setCookieLines, type EngineCookie } from "../src/set-cookie-lines.js"

const cookies: EngineCookie[] = [
  { name: "authjs.session-token", value: "eyJhbGciOiJkaXIifQ..a.b.c", options: { httpOnly: true, sameSite: "lax", path: "/", secure: false, maxAge: 2592000 } },
  { name: "__Host-authjs.csrf-token", value: "token|hash", options: { httpOnly: true, sameSite: "lax", path: "/", secure: true } },
  { name: "authjs.session-token.1", value: "", options: { maxAge: 0, expires: new Date(0), path: "/" } },
  { name: "custom", value: "a b;c", options: { domain: "example.com", sameSite: true, partitioned: true, priority: "high", secure: true } },
  { name: "other", value: "x", options: { sameSite: "none", priority: "low", maxAge: 10.7 } },
]

describe("setCookieLines", () => {
  it("writes each cookie as core's serializeCookie does", () => {
    expect(setCookieLines(cookies)).toEqual(cookies.map(serializeCookie))
  })

  it("refuses a name core refuses (RT-03)", () => {
    expect(() => setCookieLines([{ name: "bad name", value: "x", options: {} }])).toThrow(TypeError)
  })
})
