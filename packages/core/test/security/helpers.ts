/**
 * Fixtures for the security suites (security catalog §6 groups B, C, F): an in-memory adapter that records its calls,
 * a logger that records everything it is given, a `Set-Cookie` reader, raw requests, and a JWE forger that writes
 * `dir` tokens with any protected header so that the header checks are tested apart from the cryptography.
 */
import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto"
import { deflateRawSync } from "node:zlib"
import { Auth, type Adapter, type AdapterSession, type AdapterUser, type AuthConfig, type LoggerInstance } from "@gatehousejs/core"
import { BASE, Browser, ORIGIN, SECRET, testConfig as sharedTestConfig, users } from "../helpers/auth.js"

export const SESSION_COOKIE = "__Secure-authjs.session-token"
export const CSRF_COOKIE = "__Host-authjs.csrf-token"
export const CALLBACK_COOKIE = "__Secure-authjs.callback-url"
export const PASSWORD = users.alice!.password

// ---------------------------------------------------------------------------------------------------------------------
// In-memory adapter

type SessionMethods =
  | "createUser"
  | "getUser"
  | "getUserByEmail"
  | "getUserByAccount"
  | "updateUser"
  | "linkAccount"
  | "createSession"
  | "getSessionAndUser"
  | "updateSession"
  | "deleteSession"

export type MemoryAdapter = Required<Pick<Adapter, SessionMethods>> & {
  users: Map<string, AdapterUser>
  sessions: Map<string, AdapterSession>
  accounts: Map<string, { provider: string; providerAccountId: string; userId: string }>
  /** Method names in call order. */
  calls: string[]
}

/** The user the shared credentials provider signs in, as the adapter stores it. */
export const alice: AdapterUser = { id: users.alice!.id, name: users.alice!.name, email: users.alice!.email, emailVerified: null }

/** A store of users, accounts and sessions in `Map`s, with `Date`s as Auth.js adapters return them. */
export function memoryAdapter(seed: AdapterUser[] = [alice]): MemoryAdapter {
  const store = {
    users: new Map<string, AdapterUser>(seed.map((u) => [u.id, { ...u }])),
    sessions: new Map<string, AdapterSession>(),
    accounts: new Map<string, { provider: string; providerAccountId: string; userId: string }>(),
    calls: [] as string[],
  }
  const copySession = (s: AdapterSession): AdapterSession => ({ ...s, expires: new Date(s.expires) })
  const methods: Required<Pick<Adapter, SessionMethods>> = {
    createUser(user) {
      const created = { ...user, id: user.id ?? crypto.randomUUID() }
      store.users.set(created.id, created)
      return { ...created }
    },
    getUser(id) {
      const user = store.users.get(id)
      return user ? { ...user } : null
    },
    getUserByEmail(email) {
      for (const user of store.users.values()) if (user.email === email) return { ...user }
      return null
    },
    getUserByAccount({ provider, providerAccountId }) {
      const account = store.accounts.get(`${provider}:${providerAccountId}`)
      const user = account && store.users.get(account.userId)
      return user ? { ...user } : null
    },
    updateUser(user) {
      const updated = { ...store.users.get(user.id)!, ...user }
      store.users.set(user.id, updated)
      return { ...updated }
    },
    linkAccount(account) {
      store.accounts.set(`${account.provider}:${account.providerAccountId}`, { ...account })
      return account
    },
    createSession(session) {
      store.sessions.set(session.sessionToken, copySession(session))
      return copySession(session)
    },
    getSessionAndUser(sessionToken) {
      const session = store.sessions.get(sessionToken)
      const user = session && store.users.get(session.userId)
      return session && user ? { session: copySession(session), user: { ...user } } : null
    },
    updateSession(patch) {
      const session = store.sessions.get(patch.sessionToken)
      if (!session) return null
      const updated = { ...session, ...patch, expires: new Date(patch.expires ?? session.expires) }
      store.sessions.set(patch.sessionToken, updated)
      return copySession(updated)
    },
    deleteSession(sessionToken) {
      const session = store.sessions.get(sessionToken)
      store.sessions.delete(sessionToken)
      return session ? copySession(session) : null
    },
  }
  const recorded = {} as Required<Pick<Adapter, SessionMethods>>
  for (const [name, fn] of Object.entries(methods)) {
    ;(recorded as Record<string, unknown>)[name] = (...args: unknown[]) => {
      store.calls.push(name)
      return (fn as (...a: unknown[]) => unknown)(...args)
    }
  }
  return Object.assign(store, recorded)
}

// ---------------------------------------------------------------------------------------------------------------------
// Logger

export interface LogEntry {
  level: "error" | "warn" | "debug"
  code: string
  message: unknown[]
}

/** A `logger` that records every call; `text()` renders everything it got, error messages, causes and stacks included. */
export function recordingLogger(): { logger: LoggerInstance; entries: LogEntry[]; text: () => string } {
  const entries: LogEntry[] = []
  const record =
    (level: LogEntry["level"]) =>
    (code: string, ...message: unknown[]): void => {
      entries.push({ level, code, message })
    }
  return {
    // error(error) as Auth.js v5 calls it: recorded under the error's type, with the error as the message.
    logger: { error: (error) => record("error")((error as { type?: string }).type ?? error.name, error), warn: record("warn"), debug: record("debug") },
    entries,
    text: () => entries.map((e) => `${e.level} ${e.code} ${e.message.map(render).join(" ")}`).join("\n"),
  }
}

function render(value: unknown, depth = 0): string {
  if (depth > 6) return ""
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause
    return `${value.name}: ${value.message}\n${value.stack ?? ""}\n${cause === undefined ? "" : render(cause, depth + 1)}`
  }
  if (typeof value === "string") return value
  if (value === null || typeof value !== "object") return String(value)
  if (Array.isArray(value)) return value.map((v) => render(v, depth + 1)).join(" ")
  return Object.entries(value)
    .map(([k, v]) => `${k}=${render(v, depth + 1)}`)
    .join(" ")
}

/** The shared `testConfig`, with a recording logger so that expected errors do not flood the test output. */
export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return sharedTestConfig({ logger: recordingLogger().logger, ...overrides })
}

// ---------------------------------------------------------------------------------------------------------------------
// Requests and responses

export interface RawInit {
  method?: string
  headers?: Record<string, string>
  /** Sent as it is, with the given content type (if any). */
  body?: string | Uint8Array | ReadableStream<Uint8Array>
  cookie?: string
  origin?: string
}

/** Sends one request to `Auth()` without a cookie jar: the way to send malformed or hand-built requests. */
export function send(config: AuthConfig, path: string, init: RawInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (init.cookie !== undefined) headers.set("cookie", init.cookie)
  const request = new Request(`${init.origin ?? ORIGIN}${BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit)
  return Auth(request, config)
}

/** A form-encoded body. */
export function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return { body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }
}

export interface SetCookie {
  name: string
  value: string
  /** Attribute names lower-cased; flags map to `true`. */
  attributes: Record<string, string | true>
  line: string
  expired: boolean
}

/** Every `Set-Cookie` of a response, parsed. */
export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie)
}

/** One `Set-Cookie` line, parsed. */
export function parseSetCookie(line: string): SetCookie {
  const [pair, ...rest] = line.split(";").map((s) => s.trim())
  const eq = pair!.indexOf("=")
  const attributes: Record<string, string | true> = {}
  for (const attribute of rest) {
    const i = attribute.indexOf("=")
    if (i === -1) attributes[attribute.toLowerCase()] = true
    else attributes[attribute.slice(0, i).toLowerCase()] = attribute.slice(i + 1)
  }
  const expires = typeof attributes.expires === "string" ? Date.parse(attributes.expires) : NaN
  const expired = attributes["max-age"] === "0" || (!Number.isNaN(expires) && expires <= 0)
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes, line, expired }
}

/** The `Set-Cookie` of `name`, if the response has one. */
export function setCookie(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name)
}

/** A session cookie (or chunk) that the response sets to a value rather than deletes. */
export function writesSession(response: Response, name = SESSION_COOKIE): boolean {
  return setCookies(response).some((c) => (c.name === name || c.name.startsWith(`${name}.`)) && !c.expired && c.value !== "")
}

/** The `Location` of a redirect, parsed. */
export function location(response: Response): URL {
  const value = response.headers.get("location")
  if (value === null) throw new Error(`expected a redirect, got ${response.status}`)
  return new URL(value)
}

// ---------------------------------------------------------------------------------------------------------------------
// Hand-made session tokens

/** The Auth.js session key: HKDF-SHA256(secret, salt, "Auth.js Generated Encryption Key (<salt>)"). */
export function deriveKey(secret: string, salt: string, length = 64): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length))
}

/** The `kid` Auth.js writes for a key: the RFC 7638 thumbprint, SHA-512 for 64-byte keys. */
export function keyId(key: Buffer): string {
  return createHash(key.length === 64 ? "sha512" : "sha256")
    .update(`{"k":"${key.toString("base64url")}","kty":"oct"}`)
    .digest("base64url")
}

/**
 * A compact JWE encrypted with `A256CBC-HS512` under the key of (`secret`, `salt`) — RFC 7518 §5.2, exactly as Auth.js
 * writes it — but with any protected header. With the default header the result is a valid session token, which is
 * what makes a rejection of the other headers meaningful. `zip: true` deflates the plaintext first (RFC 7516 §4.1.3).
 */
export function forgeJwe(options: {
  secret?: string
  salt?: string
  /** Merged over `{alg: "dir", enc: "A256CBC-HS512", kid}`; a key set to `undefined` is removed. */
  header?: Record<string, unknown>
  claims?: Record<string, unknown>
  /** Raw plaintext instead of claims. */
  plaintext?: string | Buffer
  zip?: boolean
  key?: Buffer
}): string {
  const key = options.key ?? deriveKey(options.secret ?? SECRET, options.salt ?? SESSION_COOKIE)
  const header = JSON.parse(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: keyId(key), ...options.header })) as object
  const now = Math.floor(Date.now() / 1000)
  let plaintext: Buffer =
    options.plaintext !== undefined
      ? Buffer.from(options.plaintext)
      : Buffer.from(JSON.stringify({ iat: now, exp: now + 3600, jti: crypto.randomUUID(), ...options.claims }))
  if (options.zip) plaintext = deflateRawSync(plaintext)
  const protectedHeader = Buffer.from(JSON.stringify(header)).toString("base64url")
  const aad = Buffer.from(protectedHeader, "ascii")
  const macKey = key.subarray(0, 32)
  const encKey = key.subarray(32, 64)
  const iv = randomBytes(16)
  const cipher = createCipheriv("aes-256-cbc", encKey, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const al = Buffer.alloc(8)
  al.writeBigUInt64BE(BigInt(aad.length * 8))
  const tag = createHmac("sha512", macKey).update(Buffer.concat([aad, iv, ciphertext, al])).digest().subarray(0, 32)
  return [protectedHeader, "", iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(".")
}

/** Alice's claims as the default `jwt` callback stores them. */
export const aliceClaims = { name: "Alice", email: "alice@example.com", sub: "u1" }

/** Flips one bit of byte `index` of segment `segment` (0 header … 4 tag) of a compact JWE. */
export function flipByte(token: string, segment: number, index?: number): string {
  const parts = token.split(".")
  const bytes = Buffer.from(parts[segment]!, "base64url")
  const at = index ?? Math.floor(bytes.length / 2)
  bytes[at] = bytes[at]! ^ 0x01
  parts[segment] = bytes.toString("base64url")
  return parts.join(".")
}

/** Things that must never appear in a response body: stack frames, source paths, the secret. */
export function leaks(text: string, extra: readonly string[] = []): string[] {
  const found: string[] = []
  if (text.includes(SECRET)) found.push("the secret")
  if (/\n\s*at\s+\S/.test(text) || /\bat\s+[^\s()]+\s+\([^)]*:\d+:\d+\)/.test(text)) found.push("a stack frame")
  if (/(?:\/work\/|node_modules|\.ts:\d+|file:\/\/)/.test(text)) found.push("a source path")
  for (const value of extra) if (value && text.includes(value)) found.push(`"${value.slice(0, 24)}…"`)
  return found
}

/** A `Browser` that also keeps every `Set-Cookie` line it received, in order. */
export class RecordingBrowser extends Browser {
  readonly setCookieLines: string[] = []
  override store(response: Response): void {
    this.setCookieLines.push(...response.headers.getSetCookie())
    super.store(response)
  }
}
