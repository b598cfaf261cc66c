/**
 * The device cookie (OWASP's "device cookies"): proof that this browser signed in as an identifier before, so that
 * failures coming from elsewhere cannot lock its owner out. Its own long-lived cookie, apart from the session: it
 * survives sign-out and session expiry.
 */
import type { Cookie } from "../http/cookie.js"
import { timingSafeEqual } from "../runtime/random.js"
import { base64url } from "../session/keys.js"
import { keyedHash } from "./key.js"

/** 180 days, renewed at every successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60

/** Identifiers one browser remembers (a family computer, an admin with a test account); the oldest goes first. */
const MAX_IDENTIFIERS = 5

/** Separates these MACs from any other use of the secret. */
const DOMAIN = "gatehouse device\0"

/** A readable device cookie: its random id and the tags of the identifiers it signed in as, the latest first. */
export interface Device {
  id: string
  tags: string[]
}

/** `gatehouse.device`, `__Host-` prefixed on https (this host only, path `/`, secure). */
export function deviceCookieName(secure: boolean): string {
  return `${secure ? "__Host-" : ""}gatehouse.device`
}

/**
 * The tag of an identifier in the cookie: the first 22 characters (132 bits) of its budget key's hash, so the cookie
 * holds no username or address and cannot name one without the secret.
 */
export function identifierTag(identifierKey: string): string {
  return identifierKey.slice(identifierKey.lastIndexOf(":") + 1, identifierKey.lastIndexOf(":") + 23)
}

/**
 * The device a cookie value proves, or `undefined` for a missing, malformed or forged one. Any of `secrets` may have
 * signed it (rotation).
 */
export async function readDevice(value: string | undefined, secrets: readonly string[]): Promise<Device | undefined> {
  if (!value || value.length > 400) return undefined
  const dot = value.lastIndexOf(".")
  if (dot === -1) return undefined
  const payload = value.slice(0, dot)
  const mac = value.slice(dot + 1)
  if (!/^[A-Za-z0-9_-]{22}(~[A-Za-z0-9_-]{22}){0,5}$/.test(payload)) return undefined
  for (const secret of secrets) {
    if (timingSafeEqual(await keyedHash(secret, DOMAIN + payload), mac)) {
      const [id, ...tags] = payload.split("~")
      return { id: id!, tags }
    }
  }
  return undefined
}

/** The cookie after a successful sign-in as `tag`: the same device (or a new one), `tag` first. */
export async function deviceCookie(device: Device | undefined, tag: string, secret: string, secure: boolean): Promise<Cookie> {
  const id = device?.id ?? base64url(crypto.getRandomValues(new Uint8Array(16)))
  const tags = [tag, ...(device?.tags ?? []).filter((t) => t !== tag)].slice(0, MAX_IDENTIFIERS)
  const payload = [id, ...tags].join("~")
  return {
    name: deviceCookieName(secure),
    value: `${payload}.${await keyedHash(secret, DOMAIN + payload)}`,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: DEVICE_COOKIE_MAX_AGE },
  }
}
