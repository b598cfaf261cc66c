/**
 * A stand-in for an e-mail service's HTTP API, described by an {@link EmailStandIn}: the send request as the service
 * documents it (URL, method, the header carrying the API key, the body's encoding and fields) and its documented
 * answers. The provider's `[customFetch]` records every request and answers in the service's place, so the provider
 * module runs unchanged inside a real `Auth()` with an adapter; a request to any other URL fails the test by name.
 *
 * {@link requestLinkThroughStandIn} drives `POST /signin/<id>` and returns what was sent, and the link found in it;
 * the tests then follow that link, so a link that does not sign the user in fails.
 */
import { expect, vi } from "vitest"
import { customFetch, type AuthConfig } from "@gatehousejs/core"
import { Browser, ORIGIN, BASE, testConfig } from "../../helpers/auth.js"
import { memoryStore } from "../../email/memory-store.js"

/** The parts of a sent message the sign-in link must be in. */
export interface MessageParts {
  /** A field that is the link itself (Loops' data variable). */
  url?: unknown
  /** The plain-text body: the link as it is. */
  text?: unknown
  /** The HTML body: the link HTML-escaped. */
  html?: unknown
}

export interface EmailStandIn {
  /** The provider's id, or the id and a variant. */
  name: string
  /** The provider module's default export. */
  provider: (options: Record<string, unknown>) => { id: string; type: string }
  /** What an app passes besides `apiKey` and `from`. */
  options?: Record<string, unknown>
  /** The sender configured; default `"Sign in <no-reply@app.example>"`. */
  from?: string
  send: {
    url: string
    method: "POST"
    /** The header that carries the API key, and its value for a key. */
    auth: { header: string; value: (apiKey: string) => string }
    /** The body's encoding: JSON, `multipart/form-data` or `application/x-www-form-urlencoded`. */
    encoding: "json" | "multipart" | "form"
    /** Checks the decoded body (recipient, sender, subject…) with `expect`. */
    expectBody: (body: Record<string, unknown>, mail: { to: string; from: string }) => void
    /** Where in the body the link is. */
    parts: (body: Record<string, unknown>) => MessageParts
  }
  /** The documented success answer. */
  accepted: { status: number; body?: unknown }
  /** A documented refusal and the reason the logged error must carry. */
  refused: { status: number; body: unknown; reason: string }
  /** Configurations that must send nothing, with what the logged error must say. */
  misconfigured?: { options: Record<string, unknown>; logged: string }[]
}

export interface SentRequest {
  url: string
  method: string
  headers: Headers
  body: Record<string, unknown>
}

export interface LinkRequested {
  browser: Browser
  /** Where `POST /signin/<id>` sent the browser. */
  location: string | null
  sent: SentRequest[]
  /** Every request to a URL the stand-in does not serve. */
  unknown: string[]
  /** Everything the app's logger received, as text (messages, stacks and causes). */
  logged: string
}

export const API_KEY = "stand-in-api-key-7f3c9a"
const DEFAULT_FROM = "Sign in <no-reply@app.example>"
let sequence = 0

/** A fresh address per sign-in: the per-address send limit must not throttle one test because of another. */
export function freshAddress(name: string): string {
  sequence += 1
  return `reader-${name.toLowerCase().replace(/[^a-z0-9]/g, "")}-${sequence}@example.com`
}

/**
 * Requests a magic link for `email` through the provider, the service answering `answer` (default the documented
 * success), with `options` over the spec's (`apiKey: undefined` leaves the key to the environment).
 */
export async function requestLinkThroughStandIn(
  spec: EmailStandIn,
  email: string,
  setup: { answer?: { status: number; body?: unknown }; options?: Record<string, unknown> } = {},
): Promise<LinkRequested> {
  const sent: SentRequest[] = []
  const unknown: string[] = []
  const answer = setup.answer ?? spec.accepted
  const record = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = request.url
    if (url !== spec.send.url) {
      unknown.push(`${request.method} ${url}`)
      return Response.json({ message: "not found" }, { status: 404 })
    }
    sent.push({ url, method: request.method, headers: request.headers, body: await decode(request) })
    if (answer.body === undefined) return new Response(null, { status: answer.status })
    return typeof answer.body === "string"
      ? new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain" } })
      : Response.json(answer.body, { status: answer.status })
  }
  const options = { apiKey: API_KEY, from: spec.from ?? DEFAULT_FROM, ...spec.options, ...setup.options, [customFetch]: record }
  const provider = spec.provider(options)
  const errors: unknown[] = []
  const config: AuthConfig = testConfig({
    adapter: memoryStore(),
    providers: [provider as AuthConfig["providers"][number]],
    logger: { error: (error) => void errors.push(error), warn: vi.fn(), debug: vi.fn() },
  })
  const browser = new Browser(config)
  const csrfToken = await browser.csrfToken()
  const response = await browser.request(`/signin/${provider.id}`, { body: { email, csrfToken, callbackUrl: "/welcome" } })
  return { browser, location: response.headers.get("location"), sent, unknown, logged: errors.map((e) => describe(e)).join("\n") }
}

/** Checks the one send request against the spec; resolves to the link it carries. */
export function checkSendRequest(spec: EmailStandIn, requested: LinkRequested, email: string, apiKey = API_KEY): string {
  expect(requested.unknown, "requests the stand-in does not know").toEqual([])
  expect(requested.sent, "one send request").toHaveLength(1)
  const request = requested.sent[0]!
  expect(request.method).toBe(spec.send.method)
  expect(request.headers.get(spec.send.auth.header), `the API key in ${spec.send.auth.header}`).toBe(spec.send.auth.value(apiKey))
  const contentType = request.headers.get("content-type") ?? ""
  const expected = { json: "application/json", multipart: "multipart/form-data", form: "application/x-www-form-urlencoded" }[spec.send.encoding]
  expect(contentType.startsWith(expected), `content-type ${contentType}`).toBe(true)
  spec.send.expectBody(request.body, { to: email, from: spec.from ?? DEFAULT_FROM })

  const parts = spec.send.parts(request.body)
  const source = [parts.url, parts.text].find((part): part is string => typeof part === "string")
  expect(source, "a part of the message that carries the link").toBeDefined()
  const link = new RegExp(`${ORIGIN}${BASE}/callback/[^\\s"'<>]+`).exec(source!)?.[0]
  expect(link, "the sign-in link").toBeDefined()
  if (parts.url !== undefined) expect(parts.url, "the link variable").toBe(link)
  if (parts.text !== undefined) expect(parts.text, "the text body").toContain(link)
  if (parts.html !== undefined) expect(parts.html, "the HTML body").toContain(`href="${link!.replace(/&/g, "&amp;")}"`)
  // CVE-2022-31127: the message names the site, never the address it is sent to.
  for (const part of [parts.text, parts.html]) if (typeof part === "string") expect(part).not.toContain(email)
  return link!
}

/** Follows the link in the same browser: it must sign `email` in. */
export async function followLink(browser: Browser, link: string, email: string): Promise<void> {
  const url = new URL(link)
  const response = await browser.request(`${url.pathname.slice(BASE.length)}${url.search}`)
  expect(response.headers.get("location"), "the link signs in").toBe(`${ORIGIN}/welcome`)
  expect(await browser.session()).toMatchObject({ user: { email } })
}

async function decode(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? ""
  if (type.startsWith("application/json")) return (await request.json()) as Record<string, unknown>
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const form = await request.formData()
    return Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key).length > 1 ? form.getAll(key) : form.get(key)]))
  }
  return { raw: await request.text() }
}

/** An error as a log would show it, causes included. */
function describe(value: unknown, depth = 0): string {
  if (depth > 4) return ""
  if (value instanceof Error) return [value.name, value.message, value.stack ?? "", describe((value as { cause?: unknown }).cause, depth + 1)].join("\n")
  if (typeof value === "object" && value !== null) return Object.values(value).map((v) => describe(v, depth + 1)).join("\n")
  return String(value ?? "")
}
