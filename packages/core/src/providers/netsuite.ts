/**
 * NetSuite sign-in (OAuth 2.0 authorization code grant of an integration record). NetSuite has no user endpoint: the
 * profile comes from a RESTlet of your own that returns `runtime.getCurrentUser()`, given as `userinfo`.
 *
 * Callback URL to register as the integration record's Redirect URI: `https://example.com/auth/callback/netsuite`
 * (Next.js: `https://example.com/api/auth/callback/netsuite`).
 * Environment variables when `NetSuite` is listed bare in `providers`: `AUTH_NETSUITE_ID` (the integration's
 * consumer key), `AUTH_NETSUITE_SECRET` (its consumer secret). `accountID` and `userinfo` are options.
 *
 * @example
 * import NetSuite from "@gatehousejs/core/providers/netsuite"
 *
 * NetSuite({
 *   accountID: "1234567", // a sandbox: "1234567_SB1"
 *   userinfo: "https://1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=123&deploy=1",
 *   prompt: "login",
 * })
 *
 * Quirks:
 * - Without `accountID` and `userinfo` no sign-in starts (the configuration error that is logged names the missing
 *   endpoint). The account id is used in host names as NetSuite writes them: lower case, `_` as `-`
 *   (`1234567_SB1` → `1234567-sb1.app.netsuite.com`); Auth.js puts it in the host name as given.
 * - `scope` (default `restlets rest_webservices`) and `prompt` are sent to the authorization endpoint; Auth.js
 *   declares both options but never sends them.
 * - The token endpoint takes the client as a Basic header. Checks `state`, as Auth.js (NetSuite requires a `state`
 *   of 24 to 1024 characters, which the engine's is).
 * - The RESTlet's deployment must be released to the roles that sign in, and the integration needs the RESTlets
 *   scope. Access tokens last one hour; refresh tokens seven days.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The NetSuite-specific options. */
export interface OAuthNetSuiteOptions {
  /** `prompt` sent to the authorization endpoint: `none`, `login`, `consent` or `login consent`. */
  prompt?: string | "none" | "login" | "consent"
  /** The NetSuite account id, as Setup → Company → Company Information shows it (`1234567`, `1234567_SB1`). */
  accountID?: string
  /** The scopes (default `restlets rest_webservices`). */
  scope?: string
  /** The URL of the RESTlet (its external URL) that returns the current user. */
  userinfo?: string
}

/** What `runtime.getCurrentUser()` gives (https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_4296540201.html). */
export interface NetSuiteProfile {
  id: number
  name: string
  email: string
  location: number
  role: number
  roleId?: string
  roleCenter?: string
  contact?: number
  subsidiary?: number
  department?: number
}

/** The NetSuite provider: the account's endpoints, scope `restlets rest_webservices`, check `state`, the profile from your RESTlet. */
export default function NetSuite<P extends NetSuiteProfile = NetSuiteProfile>(
  config: OAuthUserConfig<P> & OAuthNetSuiteOptions = {},
): OAuthConfig<P> {
  const { accountID, prompt, scope, ...rest } = config
  const host = accountID?.trim().toLowerCase().replace(/_/g, "-")
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    ...(host
      ? {
          authorization: {
            url: `https://${host}.app.netsuite.com/app/login/oauth2/authorize.nl`,
            params: { scope: scope ?? "restlets rest_webservices", ...(prompt ? { prompt } : {}) },
          },
          token: `https://${host}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
        }
      : {}),
    checks: ["state"],
    profile(profile: P): User {
      return { id: String(profile.id), name: profile.name ?? null, email: profile.email ?? null, image: null }
    },
    // NetSuite's dark button, as Auth.js; Simple Icons has no mark for it.
    style: { brandColor: "#181a1b", text: "#fbfbfb" },
    options: rest as OAuthUserConfig<P>,
  }
}
