/**
 * What a provider stand-in describes: the provider's own request and response shapes, from its public documentation
 * (one file per provider in `specs/`). `harness.ts` serves a description on loopback and signs in through it;
 * `refresh.ts` serves and checks its `refresh`.
 */
import type { User } from "@gatehousejs/core"
import type { RecordedRequest } from "../loopback.js"
import type { StandInRefresh } from "./refresh.js"

/** Answers one API request: a JSON body, or a function of the request giving one (or `{ status, body }`). */
export type ApiAnswer = unknown | ((request: RecordedRequest, standIn: StandInState) => unknown)

export interface ApiRoute {
  /** What the provider answers. */
  body: ApiAnswer
  /**
   * How the access token must arrive: `Authorization: Bearer` (default), a query parameter's name, a form field's name,
   * or `none` (the request needs no token). A request without the issued token gets 401, as the real API answers.
   */
  token?: "bearer" | "none" | { query: string } | { form: string } | { header: string; scheme?: string }
  status?: number
  /** Answer `body` (a string or bytes) as is, with this content type, instead of as JSON (a photo, a text body). */
  contentType?: string
}

export interface StandIn {
  /** A name for the test (the provider's id, or the id and a variant). */
  name: string
  /** The provider module's default export. */
  provider: (options: Record<string, unknown>) => { id: string; type: string }
  /** What an app passes besides the credentials (`issuer`, a tenant…). */
  options?: Record<string, unknown>
  /** Where the browser is sent. `params`: parameters that must be there with exactly these values (`undefined`: absent). */
  authorization: {
    url: string
    params?: Record<string, string | undefined>
    /** The name of the client id parameter (`client_key` at TikTok, `appid` at WeChat). Default `client_id`. */
    clientIdParam?: string
  }
  /** How the provider sends the user back: a redirect with a query (default) or a cross-site form POST. */
  callback?: "query" | "form_post"
  /** Fields the provider adds to its callback besides `code` and `state` (Apple's `user` on the first consent). */
  callbackParams?: Record<string, string>
  token: {
    url: string
    /** How the client authenticates (RFC 6749 §2.3.1), or a check of its own for providers that do it otherwise. */
    auth: "client_secret_basic" | "client_secret_post" | ((request: RecordedRequest) => void)
    /** The JSON answered; `access_token`, `token_type` and `expires_in` are filled in unless given. */
    response?: Record<string, unknown>
    /** The token request's method, when not POST. */
    method?: "GET" | "POST"
    /**
     * The whole JSON answered, built around the issued access token, for providers whose answer is not RFC 6749's
     * shape (wrapped in `data`, no `token_type`): nothing is filled in.
     */
    body?: (accessToken: string) => Record<string, unknown>
    /** Headers the token endpoint adds to its answer (FusionAuth's `WWW-Authenticate` on a success). */
    headers?: Record<string, string>
    /** The token answer's HTTP status when it is not 200 (Medium answers 201). */
    status?: number
    /**
     * A token request not in RFC 6749 §4.1.3's form, checked as the provider documents it: where its parameters arrive
     * (ClickUp: the query of a POST), the `grant_type` it carries (`null`: none, ClickUp; Azure DevOps: the JWT bearer
     * grant), the name the code travels under (Azure DevOps: `assertion`), and whether `redirect_uri` is required
     * (default true).
     */
    grant?: { paramsIn?: "query" | "body"; grantType?: string | null; code?: string; redirectUri?: boolean }
  }
  /** Every other request the provider makes, by `METHOD https://host/path`. */
  api?: Record<string, ApiRoute>
  /** OpenID Connect: the issuer (discovery at `<issuer>/.well-known/openid-configuration`) and the ID token's claims. */
  oidc?: {
    issuer: string
    claims: Record<string, unknown>
    discovery?: Record<string, unknown>
    userinfo?: string
    /** The ID token's `iss` when it is not `issuer` (a multi-tenant endpoint's token names the user's tenant). */
    tokenIssuer?: string
    /**
     * The ID token's signature: RS256 with the stand-in's key (default), ES256 with an EC P-256 key (Roblox), or HS256
     * with the client secret (LINE). The discovery document lists the asymmetric one used.
     */
    alg?: "RS256" | "ES256" | "HS256"
    /** Where the discovery document is served, when not at `<issuer>/.well-known/openid-configuration` (Frontegg). */
    discoveryUrl?: string
  }
  /** What the sign-in must produce. */
  expect: { providerAccountId: string; user: Partial<User> }
  /** The provider's documented `refresh_token` grant, for one that issues refresh tokens (`refresh.ts`). */
  refresh?: StandInRefresh
}

/** What a stand-in's dynamic answers can read: the access token it issued last, and the refresh token now valid. */
export interface StandInState {
  accessToken: string
  refreshToken?: string
}
