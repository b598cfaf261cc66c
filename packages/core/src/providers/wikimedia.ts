/**
 * Wikimedia sign-in: a Wikimedia account (Wikipedia, Wikidata, Commons… share one) through the MediaWiki OAuth 2.0
 * extension on Meta-Wiki. The profile is `GET /w/rest.php/oauth2/resource/profile`.
 *
 * Callback URL to give when proposing the OAuth 2.0 consumer (Special:OAuthConsumerRegistration/propose/oauth2):
 * `https://example.com/auth/callback/wikimedia` (Next.js: `https://example.com/api/auth/callback/wikimedia`).
 * Environment variables when `Wikimedia` is listed bare in `providers`: `AUTH_WIKIMEDIA_ID` (the client
 * application key), `AUTH_WIKIMEDIA_SECRET` (the client application secret).
 *
 * @example
 * import Wikimedia from "@gatehousejs/core/providers/wikimedia"
 *
 * Gatehouse({ providers: [Wikimedia] })
 *
 * Quirks:
 * - A consumer for "User identity verification only" is enough to sign in; until Wikimedia approves it, only its
 *   owner can use it. The grants come from the consumer, so no `scope` is sent.
 * - `email` and `realname` are there only when the consumer may read them ("…with access to real name and email
 *   address"); `confirmed_email` tells whether the address is confirmed. No picture (`image` is `null`).
 * - `sub` is the user's central id across Wikimedia wikis; `username` can be renamed.
 * - Wikimedia asks API clients to send a descriptive `User-Agent` with contact details; set one through
 *   `[customFetch]` if your traffic is large. Checks PKCE, as in Auth.js.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** A user group; wikis define their own, so any name may appear. */
export type WikimediaGroup = "*" | "user" | "autoconfirmed" | "extendedconfirmed" | "confirmed" | "bot" | "sysop" | "bureaucrat" | "steward" | "checkuser" | "oversight" | (string & {})
/** A grant the consumer was given (`mwoauth-authonly` / `mwoauth-authonlyprivate` for identity only). */
export type WikimediaGrant = "mwoauth-authonly" | "mwoauth-authonlyprivate" | "basic" | "highvolume" | "editpage" | "createeditmovepage" | "uploadfile" | "privateinfo" | "sendemail" | (string & {})
/** A right the user holds through their groups and the grants. */
export type WikimediaRight = "read" | "edit" | "createpage" | "move" | "upload" | "writeapi" | "mwoauth-authonlyprivate" | (string & {})

/** `GET /w/rest.php/oauth2/resource/profile` (https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2_endpoints). */
export interface WikimediaProfile {
  /** The central user id. */
  sub: string | number
  username: string
  editcount: number
  confirmed_email: boolean
  blocked: boolean
  /** `YYYYMMDDHHmmss`. */
  registered: string
  groups: WikimediaGroup[]
  rights: WikimediaRight[]
  grants: WikimediaGrant[]
  /** With the "real name and email address" permission only. */
  realname?: string
  /** With the "real name and email address" permission only. */
  email?: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "Wikimedia Foundation" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M20.074%203.126C22.486%205.321%2024%208.485%2024%2012c0%206.623-5.377%2012-12%2012S0%2018.623%200%2012c0-3.515%201.514-6.679%203.926-8.874l2.265%202.265C4.358%207.005%203.2%209.368%203.2%2012c0%204.857%203.943%208.8%208.8%208.8s8.8-3.943%208.8-8.8c0-2.632-1.158-4.995-2.991-6.609zm-3.399%203.399C18.22%207.846%2019.2%209.81%2019.2%2012c0%203.703-2.802%206.757-6.4%207.156V10.4zM11.2%2019.156C7.602%2018.757%204.8%2015.703%204.8%2012c0-2.19.98-4.154%202.525-5.475L11.2%2010.4zM12%200c2.208%200%204%201.792%204%204s-1.792%204-4%204-4-1.792-4-4%201.792-4%204-4'/%3E%3C/svg%3E"

/** The Wikimedia provider: the consumer's grants, PKCE. */
export default function Wikimedia<P extends WikimediaProfile = WikimediaProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    profile(profile: P): User {
      return {
        id: String(profile.sub),
        name: profile.username,
        email: profile.email ?? null,
        image: null,
      }
    },
    style: { brandColor: "#000000", text: "#ffffff", logo: LOGO },
    options,
  }
}
