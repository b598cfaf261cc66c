/**
 * `@gatehousejs/core/jwt`: the session token as Auth.js v5 writes it — an encrypted JWT (compact JWE, `dir` +
 * `A256CBC-HS512`, key derived from the secret and the cookie name) — with the API of `@auth/core/jwt`. A token
 * written by either library is read by the other.
 *
 * @example
 * import { getToken } from "@gatehousejs/core/jwt"
 * const token = await getToken({ req: request }) // claims, or null
 */
import { MissingSecretError } from "./errors.js"
import { parseCookies } from "./http/cookie.js"
import { readSessionCookie } from "./http/session-store.js"
import { processEnv, secretsFromEnv } from "./config/env.js"
import { sessionCodec, type DecodeFailure } from "./session/codec.js"
import { decodeV4Jwt, v4Name } from "./session/v4-jwt.js"
import { withoutProviderTokens } from "./session/provider-tokens.js"
import type { JWT } from "./types.js"
import type { LoggerInstance } from "./logger.js"
import type { Awaitable } from "./util/awaitable.js"

export type { JWT, DefaultJWT } from "./types.js"

/** 30 days, the Auth.js default `maxAge`. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60

export interface JWTEncodeParams<Payload = JWT> {
  /** Lifetime of the token in seconds; `exp` = now + `maxAge`. Default 30 days. */
  maxAge?: number
  /** With `secret`, derives the encryption key. Auth.js uses the session cookie name. */
  salt: string
  /** With `salt`, derives the encryption key. With an array, the first entry is used. */
  secret: string | string[]
  /** The claims. `iat`, `exp` and `jti` are set by `encode`, replacing any given. */
  token?: Payload
}

export interface JWTDecodeParams {
  /** The salt the token was encoded with (the session cookie name). */
  salt: string
  /**
   * The secret the token was encoded with. With an array, the secret whose key matches the token's `kid` is used (a
   * token without `kid` is tried with each), so old tokens stay readable after the new secret is put first.
   */
  secret: string | string[]
  /** The token. Empty or missing decodes to `null`. */
  token?: string
}

export interface JWTOptions {
  /** The secrets of the configuration (filled from the top-level `secret`). */
  secret: string | string[]
  /** Lifetime of the token in seconds. Default: `session.maxAge` (30 days). */
  maxAge: number
  /** Replace to change how the session token is written. */
  encode: (params: JWTEncodeParams) => Awaitable<string>
  /** Replace to change how the session token is read. */
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
}

/**
 * Encrypts `token` as Auth.js does, so that `@auth/core` reads it: `iat` = now, `exp` = now + `maxAge`, a fresh
 * random `jti`, all three replacing any in `token`; key from the first secret and `salt`. Throws
 * `MissingSecretError` when there is no secret.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params
  return sessionCodec(toSecrets(secret), requireSalt(salt)).encode(token as Record<string, unknown>, maxAge)
}

/**
 * Decrypts and checks a token written by `encode` or by `@auth/core`: `null` when `token` is empty, the claims when
 * it is valid. When it is not, it rejects exactly as `@auth/core/jwt`'s `decode` does, so that code written for it
 * (`error.message.includes("no matching decryption secret")`, `error.code === "ERR_JWT_EXPIRED"`) keeps working: a
 * plain `Error("no matching decryption secret")` under a wrong secret or salt, else `jose`'s error (`JWEInvalid`,
 * `JWEDecryptionFailed`, `JWTExpired`…, with its `code`) — `jose` is loaded only then.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params
  if (!token) return null
  const result = await sessionCodec(toSecrets(secret), requireSalt(salt)).verify(token)
  if (typeof result === "string") throw await decodeError(result)
  return result as Payload
}

/** The error `jose.jwtDecrypt` (or Auth.js's key lookup) throws for the same token. */
async function decodeError(failure: DecodeFailure): Promise<Error> {
  if (failure === "no matching decryption secret") return new Error("no matching decryption secret")
  const jose = await import("jose/errors")
  switch (failure) {
    case "malformed":
      return new jose.JWEInvalid("Invalid Compact JWE")
    case "unsupported":
      return new jose.JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed')
    case "decryption failed":
      return new jose.JWEDecryptionFailed()
    case "invalid claims":
      return new jose.JWTInvalid("JWT Claims Set must be a top-level JSON object")
    case "expired":
      return new jose.JWTExpired('"exp" claim timestamp check failed', {}, "exp", "check_failed")
    case "not yet valid":
      return new jose.JWTClaimValidationFailed('"nbf" claim timestamp check failed', {}, "nbf", "check_failed")
  }
}

/** The request shapes `getToken` reads: a Fetch `Request`, or any object with its headers (Node, Next.js pages). */
export type GetTokenRequest = Request | { headers: Headers | Record<string, string> }

export interface GetTokenParams<R extends boolean = false> {
  /** The request carrying the token in its session cookie or in `Authorization: Bearer`. */
  req: GetTokenRequest
  /** Default: `AUTH_SECRET_3, _2, _1, AUTH_SECRET`, else `NEXTAUTH_SECRET`, from the environment. */
  secret?: string | string[]
  /** Default: the cookie name. */
  salt?: string
  /**
   * Whether to read `__Secure-authjs.session-token` rather than `authjs.session-token`. Default: whether the
   * request URL is `https:` (Auth.js defaults to `false`, which misses the cookie on https — its issue #11043).
   */
  secureCookie?: boolean
  /** The session cookie name, when it is not the default. */
  cookieName?: string
  /** Return the token string, undecoded. */
  raw?: R
  /** A custom decoder, as configured in `jwt.decode`. */
  decode?: JWTOptions["decode"]
  /**
   * Whether a next-auth v4 session cookie (`next-auth.session-token`, or `__Secure-`) is read when the v5 one is
   * absent, as the engine does (`session.acceptNextAuthV4Cookies`). Default `true`; not with `cookieName` or `raw`.
   */
  acceptNextAuthV4Cookies?: boolean
  /** Accepted for Auth.js compatibility; `getToken` logs nothing. */
  logger?: Partial<LoggerInstance> | Console
}

const SESSION_COOKIE = "authjs.session-token"
const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token"
/** A Bearer header longer than this is refused unread (a session token split over many cookie chunks fits). */
const MAX_AUTHORIZATION_LENGTH = 64 * 1024
const VISIBLE_ASCII = /^[\x21-\x7e]+$/

/**
 * The session token of a request, for code outside the auth routes (API routes, middleware, other services sharing
 * the secret). Reads the session cookie — reassembling chunks `.0`, `.1`… — or else `Authorization: Bearer
 * <url-encoded token>`, then decodes it. Resolves to `null` when there is no token or it does not decode (malformed
 * percent-encoding, oversized header, foreign, expired…); with `raw: true`, to the token string unchecked. Throws
 * `MissingSecretError` when a token must be decoded and no secret is given or set in the environment.
 *
 * @example
 * const token = await getToken({ req }) // { sub, name, email, picture, iat, exp, jti, … } | null
 * const jwe = await getToken({ req, raw: true })
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<R extends true ? string | null : JWT | null> {
  type Result = R extends true ? string | null : JWT | null
  const { req, raw } = params
  if (!req) throw new TypeError("Must pass `req` to getToken()")
  const secureCookie = params.secureCookie ?? isHttps(req)
  const cookieName = params.cookieName ?? (secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE)
  const salt = params.salt ?? cookieName

  const cookieHeader = headerValue(req.headers, "cookie")
  const cookies = cookieHeader ? parseCookies(cookieHeader).cookies : {}
  let token = readSessionCookie(cookies, cookieName)
  // A user who signed in under next-auth v4 and has not made a request through the auth routes since (which would
  // have re-issued the cookie as v5) still has a session.
  const v4Token = token || raw || params.cookieName || params.acceptNextAuthV4Cookies === false ? undefined : readSessionCookie(cookies, v4Name(cookieName))
  token ??= bearerToken(headerValue(req.headers, "authorization"))
  if (!token && !v4Token) return null as Result
  if (raw) return token as Result

  const secret = hasSecret(params.secret) ? params.secret : secretsFromEnv(processEnv())
  if (!hasSecret(secret)) {
    throw new MissingSecretError("Must pass `secret` to getToken() or set AUTH_SECRET in the environment")
  }
  if (v4Token && !params.decode) {
    const payload = await decodeV4Jwt(v4Token, toSecrets(secret))
    if (payload || !token) return payload as Result
  }
  if (!token) return null as Result
  if (!params.decode) return appClaims(await sessionCodec(toSecrets(secret), salt).decode(token)) as Result
  try {
    return appClaims((await params.decode({ token, secret, salt })) ?? null) as Result
  } catch {
    return null as Result
  }
}

/** The token without the provider tokens Gatehouse keeps in it: those are for `getAccessToken` only (RT-15). */
function appClaims(token: JWT | null): JWT | null {
  return token && withoutProviderTokens(token)
}

function hasSecret(secret: string | string[] | undefined): secret is string | string[] {
  return secret !== undefined && secret.length > 0
}

/** Normalizes `secret` to a non-empty list of non-empty strings, or throws `MissingSecretError`. */
function toSecrets(secret: string | string[] | undefined): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret]
  if (secrets.length === 0 || !secrets.every((s): s is string => typeof s === "string" && s.length > 0)) {
    throw new MissingSecretError("`secret` must be a non-empty string or an array of non-empty strings")
  }
  return secrets
}

function requireSalt(salt: string): string {
  if (typeof salt !== "string") throw new TypeError("`salt` is required: pass the session cookie name")
  return salt
}

function isHttps(req: GetTokenRequest): boolean {
  const url = (req as { url?: unknown }).url
  return typeof url === "string" && url.startsWith("https:")
}

function headerValue(headers: Headers | Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined
  const record = headers as Record<string, unknown>
  let value = record[name]
  if (value === undefined) {
    for (const key in record) {
      if (key.toLowerCase() === name) {
        value = record[key]
        break
      }
    }
  }
  if (Array.isArray(value)) value = value.join(name === "cookie" ? "; " : ", ")
  return typeof value === "string" ? value : undefined
}

/** `Authorization: Bearer <token>`, percent-decoded as Auth.js writes it; `undefined` for anything else. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length > MAX_AUTHORIZATION_LENGTH) return undefined
  const [scheme, encoded] = header.split(" ")
  if (scheme !== "Bearer" || !encoded) return undefined
  let token: string
  try {
    token = decodeURIComponent(encoded)
  } catch {
    return undefined // malformed percent-encoding, or an encoded lone surrogate
  }
  return VISIBLE_ASCII.test(token) ? token : undefined
}
