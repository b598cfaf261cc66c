/**
 * WebAuthn test helpers: a Gatehouse instance with the Passkey provider and an in-memory SQLite adapter, and a
 * cookie-carrying browser that runs the ceremonies with a {@link SoftAuthenticator}.
 */
import type { AuthConfig } from "@gatehousejs/core"
import Passkey from "@gatehousejs/core/providers/passkey"
import { SqliteAdapter, type SqliteAdapterInstance } from "@gatehousejs/sqlite-adapter"
import { BASE, Browser, ORIGIN, SECRET } from "../helpers/auth.js"
import { SoftAuthenticator, type Bend, type Credential } from "./authenticator.js"

export const RP_ID = new URL(ORIGIN).hostname
export const CHALLENGE_COOKIE = "__Secure-authjs.challenge"

export interface Setup {
  adapter: SqliteAdapterInstance
  config: AuthConfig
  logged: { errors: string[]; warnings: string[] }
}

/** Passkey + SQLite (in memory) + `experimental.enableWebAuthn`; `overrides` are merged over it. */
export function setup(overrides: Partial<AuthConfig> = {}): Setup {
  const adapter = SqliteAdapter({ filename: ":memory:" })
  adapter.migrate()
  const logged = { errors: [] as string[], warnings: [] as string[] }
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    adapter,
    experimental: { enableWebAuthn: true },
    providers: [Passkey],
    logger: { error: (error) => logged.errors.push((error as { type?: string }).type ?? error.name), warn: (code) => logged.warnings.push(code), debug: () => {} },
    ...overrides,
  }
  return { adapter, config, logged }
}

type Options = { challenge: string; user?: { id?: string }; allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] }

export class PasskeyBrowser extends Browser {
  readonly authenticator: SoftAuthenticator

  constructor(config: AuthConfig, authenticator = new SoftAuthenticator(ORIGIN, RP_ID)) {
    super(config)
    this.authenticator = authenticator
  }

  /** `GET /webauthn-options/<provider>?<params>`. */
  async options(params: Record<string, string> = {}, provider = "passkey"): Promise<{ status: number; body: { action?: string; options?: Options; error?: string }; response: Response }> {
    const query = new URLSearchParams(params).toString()
    const response = await this.request(`/webauthn-options/${provider}${query ? `?${query}` : ""}`)
    return { status: response.status, body: (await response.clone().json()) as never, response }
  }

  /** `POST /callback/<provider>` with the form's fields, as the sign-in page's script submits it. */
  async submit(action: string, data: unknown, provider = "passkey", extra: Record<string, string> = {}): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.request(`/callback/${provider}`, {
      body: { csrfToken, callbackUrl: `${ORIGIN}/dashboard`, action, data: typeof data === "string" ? data : JSON.stringify(data), ...extra },
    })
  }

  /**
   * Registers a new passkey for `email` (signed out: a new user, or with an email provider a pending passkey) or for
   * the signed-in user (`email` unused).
   */
  async register(email?: string, bend: Bend = {}): Promise<{ response: Response; credential: Credential }> {
    const { body } = await this.options(email ? { email, action: "register" } : { action: "register" })
    if (body.action !== "register") throw new Error(`expected a registration, got ${JSON.stringify(body)}`)
    const { json, credential } = this.authenticator.create(body.options!, bend)
    return { response: await this.submit("register", json), credential }
  }

  /** Signs in with a passkey: options (by `email`, or none for a discoverable credential), assertion, callback. */
  async authenticate(options: { email?: string; credential?: Credential; bend?: Bend } = {}): Promise<Response> {
    const { body } = await this.options(options.email ? { email: options.email, action: "authenticate" } : { action: "authenticate" })
    const assertion = this.authenticator.get(body.options!, options.credential, options.bend)
    return this.submit("authenticate", assertion)
  }

  signOutLocally(): void {
    for (const name of [...this.jar.keys()]) if (name.includes("session-token")) this.jar.delete(name)
  }
}

/** The `error` parameter of a redirect, and its path. */
export function redirectError(response: Response): { path: string; error: string | null } {
  const location = new URL(response.headers.get("location") ?? "", ORIGIN)
  return { path: location.pathname, error: location.searchParams.get("error") }
}
