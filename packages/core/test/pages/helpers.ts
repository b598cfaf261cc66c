/** Shared fixtures for the page tests: a context builder, the standard providers, and a tiny tag reader. */
import { createHash } from "node:crypto"
import type { PageContext, PageProvider } from "../../src/pages/index.js"

export const baseUrl = "https://app.example/api/auth"
export const callbackUrl = "https://app.example/dashboard"

export function context(overrides: Partial<PageContext> = {}): PageContext {
  return {
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "" },
    locale: "en",
    baseUrl,
    csrfToken: "csrf-token-123",
    callbackUrl,
    ...overrides,
  }
}

export const github: PageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: `${baseUrl}/signin/github`,
  callbackUrl: `${baseUrl}/callback/github`,
  style: { brandColor: "#24292f" },
}

export const keycloak: PageProvider = {
  id: "keycloak",
  name: "Keycloak",
  type: "oidc",
  signinUrl: `${baseUrl}/signin/keycloak`,
  callbackUrl: `${baseUrl}/callback/keycloak`,
}

export const email: PageProvider = {
  id: "email",
  name: "Email",
  type: "email",
  signinUrl: `${baseUrl}/signin/email`,
  callbackUrl: `${baseUrl}/callback/email`,
}

export const credentials: PageProvider = {
  id: "credentials",
  name: "Credentials",
  type: "credentials",
  signinUrl: `${baseUrl}/signin/credentials`,
  callbackUrl: `${baseUrl}/callback/credentials`,
  credentials: {
    username: { label: "Username", type: "text", placeholder: "jsmith" },
    password: { label: "Password", type: "password" },
  },
}

export const passkey: PageProvider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  signinUrl: `${baseUrl}/signin/passkey`,
  callbackUrl: `${baseUrl}/callback/passkey`,
}

export interface Tag {
  name: string
  attributes: Record<string, string>
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" }

export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
}

/**
 * Every start tag in `html`, with unescaped attribute values. Reliable for the pages because attribute values are
 * always double-quoted and escaped; any stray `<`, `>` or `"` from an unescaped value shows up as an extra tag or
 * attribute, which is what the escaping tests look for.
 */
export function tags(html: string): Tag[] {
  const out: Tag[] = []
  const withoutStyle = html.replace(/<style>[\s\S]*?<\/style>/, "<style>")
  for (const match of withoutStyle.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const attributes: Record<string, string> = {}
    for (const attr of (match[2] ?? "").matchAll(/([^\s="'/]+)(?:="([^"]*)")?/g)) {
      attributes[attr[1]!.toLowerCase()] = unescapeHtml(attr[2] ?? "")
    }
    out.push({ name: match[1]!.toLowerCase(), attributes })
  }
  return out
}

export interface Form {
  action: string
  method: string
  inputs: Tag[]
  buttons: string[]
  labels: Tag[]
  html: string
}

/** The forms of a page, each with its inputs, labels and button texts. */
export function forms(html: string): Form[] {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([formHtml]) => {
    const all = tags(formHtml)
    const form = all[0]!
    return {
      action: form.attributes.action ?? "",
      method: form.attributes.method ?? "",
      inputs: all.filter((tag) => tag.name === "input"),
      labels: all.filter((tag) => tag.name === "label"),
      buttons: [...formHtml.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner]) =>
        unescapeHtml((inner ?? "").replace(/<[^>]*>/g, "")).trim(),
      ),
      html: formHtml,
    }
  })
}

export function hidden(form: Form): Record<string, string> {
  return Object.fromEntries(
    form.inputs.filter((i) => i.attributes.type === "hidden").map((i) => [i.attributes.name, i.attributes.value]),
  )
}

/** The text content of `html` (tags removed, entities decoded), whitespace collapsed. */
export function text(html: string): string {
  const body = html.replace(/<head>[\s\S]*<\/head>/, "")
  return unescapeHtml(body.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim()
}

export function styleContent(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "")
}

export function nodeSha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
}

export function cspDirectives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}
