/**
 * WebAuthn configuration checks (authjs-behaviour §6.2 items 5 and 7): the experimental gate, the adapter and its
 * methods, the browser version, conditional UI; and the start-up warning.
 */
import type { Adapter } from "@gatehousejs/core"
import Passkey from "@gatehousejs/core/providers/passkey"
import WebAuthn from "@gatehousejs/core/providers/webauthn"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { describe, expect, it } from "vitest"
import { resolveConfig } from "../../src/config/resolve.js"
import type { AuthConfig } from "../../src/config/auth-config.js"
import { SECRET } from "../helpers/auth.js"
import { PasskeyBrowser } from "./helpers.js"

const quiet = { error: () => {}, warn: () => {}, debug: () => {} }

function configWith(overrides: Partial<AuthConfig>): AuthConfig {
  return { secret: SECRET, trustHost: true, adapter: SqliteAdapter({ filename: ":memory:" }), experimental: { enableWebAuthn: true }, providers: [Passkey], logger: quiet, ...overrides }
}

function errorOf(overrides: Partial<AuthConfig>): string | undefined {
  return resolveConfig(configWith(overrides), {}).configError?.type
}

describe("WebAuthn configuration", () => {
  it("Passkey with an adapter and the experimental flag is valid", () => {
    expect(errorOf({})).toBeUndefined()
  })

  it("without experimental.enableWebAuthn a WebAuthn provider is ExperimentalFeatureNotEnabled", () => {
    expect(errorOf({ experimental: {} })).toBe("ExperimentalFeatureNotEnabled")
    expect(errorOf({ experimental: undefined, providers: [WebAuthn] })).toBe("ExperimentalFeatureNotEnabled")
  })

  it("with the flag, the experimental-webauthn warning is logged once", () => {
    const warnings: string[] = []
    resolveConfig(configWith({ logger: { ...quiet, warn: (code) => warnings.push(code) } }), {})
    expect(warnings).toContain("experimental-webauthn")
  })

  it("without an adapter it is MissingAdapter", () => {
    expect(errorOf({ adapter: undefined })).toBe("MissingAdapter")
  })

  it("an adapter without the authenticator methods is MissingAdapterMethods, naming them", () => {
    const full = SqliteAdapter({ filename: ":memory:" })
    const { getAuthenticator: _a, updateAuthenticatorCounter: _b, ...partial } = full as Adapter
    const resolved = resolveConfig(configWith({ adapter: partial, session: { strategy: "jwt" } }), {})
    expect(resolved.configError?.type).toBe("MissingAdapterMethods")
    expect(resolved.configError?.message).toContain("getAuthenticator, updateAuthenticatorCounter")
  })

  it("RT-10 an adapter without the verification-token methods is MissingAdapterMethods, naming them: challenges are single use in the store", () => {
    const full = SqliteAdapter({ filename: ":memory:" })
    const { createVerificationToken: _c, useVerificationToken: _u, ...partial } = full as Adapter
    const resolved = resolveConfig(configWith({ adapter: partial, session: { strategy: "jwt" } }), {})
    expect(resolved.configError?.type).toBe("MissingAdapterMethods")
    expect(resolved.configError?.message).toContain("createVerificationToken, useVerificationToken")
    // Stricter than Auth.js on purpose: the message says why, and what to add.
    expect(resolved.configError?.message).toContain("WebAuthn keeps each challenge single use in the store")
  })

  it.each(["v14", "v14.0", "v9.0.1"])("simpleWebAuthnBrowserVersion %s is accepted", (version) => {
    expect(errorOf({ providers: [Passkey({ simpleWebAuthnBrowserVersion: version as "v14" })] })).toBeUndefined()
  })

  it("simpleWebAuthnBrowserVersion false is accepted", () => {
    expect(errorOf({ providers: [Passkey({ simpleWebAuthnBrowserVersion: false })] })).toBeUndefined()
  })

  it.each(["14.0.0", "v14.0.0.1", "latest", "v14-beta"])("simpleWebAuthnBrowserVersion %s is a configuration error (AuthError, as Auth.js)", (version) => {
    expect(errorOf({ providers: [Passkey({ simpleWebAuthnBrowserVersion: version as "v14" })] })).toBe("AuthError")
  })

  it("two providers with conditional UI are DuplicateConditionalUI", () => {
    expect(errorOf({ providers: [Passkey, WebAuthn] })).toBe("DuplicateConditionalUI")
    expect(errorOf({ providers: [Passkey, WebAuthn({ enableConditionalUI: false })] })).toBeUndefined()
  })

  it("conditional UI without a form field whose autocomplete has 'webauthn' is MissingWebAuthnAutocomplete", () => {
    expect(errorOf({ providers: [Passkey({ formFields: { email: { label: "Email", autocomplete: "username" } } })] })).toBe("MissingWebAuthnAutocomplete")
    expect(errorOf({ providers: [Passkey({ formFields: {} })] })).toBe("MissingWebAuthnAutocomplete")
    expect(errorOf({ providers: [Passkey({ formFields: {}, enableConditionalUI: false })] })).toBeUndefined()
  })

  it("a plain { id, name, type: 'webauthn' } object gets the WebAuthn defaults", () => {
    const resolved = resolveConfig(configWith({ providers: [{ id: "key", name: "Key", type: "webauthn" }] }), {})
    expect(resolved.configError).toBeUndefined()
    expect(resolved.providers[0]).toMatchObject({ id: "key", enableConditionalUI: true, formFields: { email: { autocomplete: "username webauthn" } } })
  })

  it("a configuration error answers the WebAuthn endpoints with the generic 500", async () => {
    const response = await new PasskeyBrowser(configWith({ experimental: {} })).request("/webauthn-options/passkey")
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: "There was a problem with the server configuration. Check the server logs for more information." })
  })
})
