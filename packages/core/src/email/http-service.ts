/**
 * What the e-mail providers that send through an HTTP API (Resend, SendGrid, Postmark, Mailgun, Loops, Forward Email) share:
 * the API key they cannot send without, the sender split into name and address for the APIs that take the two
 * apart, and the error for a refused send. Errors name the service, the status and the service's own reason; never
 * the key, never the link.
 */
import { providerEnvPrefix } from "../config/env.js"
import type { EmailConfig } from "../providers/types.js"

/** The provider's API key, or an error naming the option and the variable that supply it. */
export function apiKeyOf(provider: EmailConfig, service: string): string {
  if (typeof provider.apiKey === "string" && provider.apiKey) return provider.apiKey
  throw new Error(`The ${service} provider needs an API key: set ${providerEnvPrefix(provider.id)}KEY, or pass apiKey.`)
}

export interface Sender {
  /** The display name, when `from` has one. */
  name?: string
  address: string
}

/**
 * Splits `from` as written in the configuration: `"Sign in <no-reply@example.com>"` (the name may be quoted) or a bare
 * `"no-reply@example.com"`. Anything else is refused, so that a malformed sender fails with its own message instead
 * of a service's 400.
 */
export function parseSender(from: string | undefined): Sender {
  const value = (from ?? "").trim()
  const named = /^(?:"([^"]*)"|([^"<>]*?))\s*<([^\s<>@]+@[^\s<>@]+)>$/.exec(value)
  if (named) {
    const name = (named[1] ?? named[2] ?? "").trim()
    return name ? { name, address: named[3]! } : { address: named[3]! }
  }
  if (/^[^\s<>@"]+@[^\s<>@"]+$/.test(value)) return { address: value }
  throw new Error(`The sender ${JSON.stringify(value)} is not an address: use "name@example.com" or "Name <name@example.com>" as from.`)
}

/**
 * The error for a non-2xx answer: the service, the status, and the reason the service gave (its JSON `message`,
 * `Message` or `errors[].message`, else the start of a plain-text body), with every value in `secrets` blanked out.
 */
export async function refusedSend(service: string, response: Response, secrets: readonly string[]): Promise<Error> {
  let reason = ""
  try {
    reason = reasonOf(await response.text())
  } catch {
    // No readable body: the status says enough.
  }
  for (const secret of secrets) if (secret) reason = reason.split(secret).join("[redacted]")
  return new Error(`${service} refused the sign-in e-mail (HTTP ${response.status})${reason ? `: ${reason}` : "."}`)
}

const REASON_MAX = 200

function reasonOf(text: string): string {
  let reason = text
  try {
    const body: unknown = JSON.parse(text)
    reason = messagesOf(body).join("; ")
  } catch {
    // Not JSON (Mailgun answers some errors as text): the text itself.
  }
  reason = reason.replace(/\s+/g, " ").trim()
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX)}…` : reason
}

function messagesOf(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return []
  const record = body as Record<string, unknown>
  const direct = [record.message, record.Message].filter((value): value is string => typeof value === "string")
  const nested = (Array.isArray(record.errors) ? record.errors : [record.error]).flatMap((entry) =>
    typeof entry === "object" && entry !== null && typeof (entry as { message?: unknown }).message === "string"
      ? [(entry as { message: string }).message]
      : [],
  )
  return [...direct, ...nested]
}
