/** The report's lines: one per check, coloured only when asked, and never with a secret's value in them. */
import { describe, expect, it } from "vitest"
import { formatCheck, secretHider } from "../src/report.js"

describe("secretHider", () => {
  const hide = secretHider(
    {
      AUTH_SECRET_1: "rotated-secret-value",
      RESEND_API_KEY: "re_123456789",
      DATABASE_URL: "postgres://app:db-password-1@db/app",
      AUTH_KEYCLOAK_ISSUER: "https://sso.example.com/realms/app",
      AUTH_GITHUB_ID: "Iv1.public-id",
      SESSION_TOKEN: "short",
    },
    ["configured-secret"],
  )

  it("hides values of secret-named variables, URL passwords and the configured secrets", () => {
    expect(hide("a rotated-secret-value, re_123456789, db-password-1 and configured-secret")).toBe("a [hidden], [hidden], [hidden] and [hidden]")
  })

  it("leaves public values (an issuer, a client id) and values too short to be secrets", () => {
    const text = "https://sso.example.com/realms/app Iv1.public-id short"
    expect(hide(text)).toBe(text)
  })
})

describe("formatCheck", () => {
  const identity = (text: string): string => text
  it("prefixes with the level, folds line breaks, and colours only the prefix when asked", () => {
    expect(formatCheck({ level: "ok", subject: "secret", text: "set" }, { color: false, hide: identity })).toBe("ok   secret: set")
    expect(formatCheck({ level: "fail", subject: "x", text: "one\n  two" }, { color: false, hide: identity })).toBe("fail x: one two")
    expect(formatCheck({ level: "warn", subject: "x", text: "y" }, { color: true, hide: identity })).toBe("\x1b[33mwarn\x1b[0m x: y")
  })
})
