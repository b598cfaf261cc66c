/** The error classes of the spec's Errors table and the Auth.js list. */
import * as core from "@gatehousejs/core"
import { AccessDenied, AuthError, CredentialsSignin, isClientError, MissingSecret, MissingSecretError } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"

describe("AuthError", () => {
  it("takes (message?, errorOptions?) and exposes type, message, name, stack and cause", () => {
    const err = new Error("root")
    const error = new AuthError("outer", { cause: { err, detail: 1 } })
    expect(error).toBeInstanceOf(Error)
    expect(error.type).toBe("AuthError")
    expect(error.message).toBe("outer")
    expect(error.name).toBe("AuthError")
    expect(error.stack).toBeTypeOf("string")
    expect(error.cause).toEqual({ err, detail: 1 })
  })

  it("wraps an Error, keeping it as cause.err and its message", () => {
    const root = new Error("socket hang up")
    const error = new core.AdapterError(root)
    expect(error.message).toBe("socket hang up")
    expect(error.cause?.err).toBe(root)
    expect(error.type).toBe("AdapterError")
  })

  it("takes ErrorOptions as the first argument", () => {
    expect(new AuthError({ cause: { reason: "x" } }).cause).toEqual({ reason: "x" })
  })
})

describe("CredentialsSignin", () => {
  it("has code 'credentials', static kind 'signIn' and type 'CredentialsSignin'", () => {
    const error = new CredentialsSignin()
    expect(error.code).toBe("credentials")
    expect(CredentialsSignin.kind).toBe("signIn")
    expect(CredentialsSignin.type).toBe("CredentialsSignin")
    expect(error.kind).toBe("signIn")
    expect(error).toBeInstanceOf(AuthError)
  })

  it("subclasses set their own code and stay catchable with instanceof", () => {
    class Locked extends CredentialsSignin {
      override code = "locked"
    }
    const error = new Locked()
    expect(error.code).toBe("locked")
    expect(error).toBeInstanceOf(CredentialsSignin)
    expect(error.type).toBe("CredentialsSignin")
  })
})

describe("the error list", () => {
  it.each([
    "AccessDenied", "AdapterError", "CallbackRouteError", "ErrorPageLoop", "EventError", "InvalidCallbackUrl",
    "CredentialsSignin", "InvalidEndpoints", "InvalidCheck", "JWTSessionError", "MissingAdapter", "MissingAdapterMethods",
    "MissingAuthorize", "MissingSecret", "OAuthAccountNotLinked", "OAuthCallbackError", "OAuthProfileParseError",
    "SessionTokenError", "OAuthSignInError", "EmailSignInError", "SignOutError", "UnknownAction", "UnsupportedStrategy",
    "InvalidProvider", "UntrustedHost", "Verification", "MissingCSRF", "DuplicateConditionalUI",
    "MissingWebAuthnAutocomplete", "WebAuthnVerificationError", "AccountNotLinked", "ExperimentalFeatureNotEnabled",
  ])("%s is exported with that type", (type) => {
    const Class = (core as unknown as Record<string, new () => AuthError>)[type]
    expect(Class, type).toBeTypeOf("function")
    expect(new Class!().type).toBe(type)
  })

  it("MissingSecretError (the spec's name) and MissingSecret (Auth.js's) are the same class, type MissingSecret", () => {
    expect(MissingSecret).toBe(MissingSecretError)
    expect(new MissingSecretError().type).toBe("MissingSecret")
  })

  it("AccessDenied carries the message it is given", () => {
    expect(new AccessDenied("banned").message).toBe("banned")
  })

  it.each([
    ["CredentialsSignin", true],
    ["OAuthAccountNotLinked", true],
    ["OAuthCallbackError", true],
    ["AccessDenied", true],
    ["Verification", true],
    ["MissingCSRF", true],
    ["AccountNotLinked", true],
    ["WebAuthnVerificationError", true],
    ["AdapterError", false],
    ["MissingSecret", false],
    ["InvalidCheck", false],
  ])("isClientError(%s) is %s", (type, safe) => {
    const Class = (core as unknown as Record<string, new () => AuthError>)[type]!
    expect(isClientError(new Class())).toBe(safe)
  })

  it("a plain Error is not client-safe", () => {
    expect(isClientError(new Error("x"))).toBe(false)
  })
})
