/**
 * 42 School sign-in (OAuth 2) through the 42 intranet API. The profile is `GET /v2/me`.
 *
 * Callback URL to register as the application's redirect URI (intranet → Settings → API):
 * `https://example.com/auth/callback/42-school` (Next.js: `https://example.com/api/auth/callback/42-school`).
 * Environment variables when `FortyTwo` is listed bare in `providers`: `AUTH_42_SCHOOL_ID`, `AUTH_42_SCHOOL_SECRET`.
 *
 * @example
 * import FortyTwo from "@gatehousejs/core/providers/42-school"
 *
 * Gatehouse({ providers: [FortyTwo] })
 * FortyTwo({ authorization: { params: { scope: "public projects" } } })
 *
 * Quirks:
 * - The name is `usual_full_name`, which 42 leaves `null` for many students; `displayname` is used then (Auth.js
 *   gives such users no name).
 * - The picture is `image.link`, `null` for users without one (Auth.js reads it unguarded).
 * - 42's authorization guide asks for `state` against cross-site request forgery and says nothing of PKCE, so both are
 *   sent (Auth.js sends PKCE only, which an authorization server that ignores it does not enforce).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The user fields of `GET /v2/me` (https://api.intra.42.fr/apidoc/2.0/users/me.html). */
export interface UserData {
  id: number
  email: string
  login: string
  first_name: string
  last_name: string
  usual_full_name: string | null
  usual_first_name: string | null
  url: string
  phone: "hidden" | string | null
  displayname: string
  image_url?: string | null
  "staff?": boolean
  correction_point: number
  pool_month: string | null
  pool_year: string | null
  location: string | null
  wallet: number
  anonymize_date: string
  created_at: string
  updated_at: string | null
  alumni?: boolean
  "alumni?"?: boolean
  "is_launched?"?: boolean
  "active?"?: boolean
  kind?: string
  [field: string]: unknown
}

/** A cursus the user is enrolled in. */
export interface CursusUser {
  grade: string | null
  level: number
  skills: { id: number; name: string; level: number }[]
  blackholed_at: string | null
  id: number
  begin_at: string | null
  end_at: string | null
  cursus_id: number
  has_coalition: boolean
  created_at: string
  updated_at: string | null
  user: UserData
  cursus: { id: number; created_at: string; name: string; slug: string }
}

/** A project the user is or was registered to. */
export interface ProjectUser {
  id: number
  occurrence: number
  final_mark: number | null
  status: string
  "validated?": boolean | null
  current_team_id: number | null
  project: { id: number; name: string; slug: string; parent_id: number | null }
  cursus_ids: number[]
  marked_at: string | null
  marked: boolean
  retriable_at: string | null
  created_at: string
  updated_at: string | null
}

export interface Achievement {
  id: number
  name: string
  description: string
  tier: "none" | "easy" | "medium" | "hard" | "challenge"
  kind: "scolarity" | "project" | "pedagogy" | "social"
  visible: boolean
  image: string | null
  nbr_of_success: number | null
  users_url: string
}

export interface LanguagesUser {
  id: number
  language_id: number
  user_id: number
  position: number
  created_at: string
}

export interface TitlesUser {
  id: number
  user_id: number
  title_id: number
  selected: boolean
  created_at: string
  updated_at: string | null
}

export interface ExpertisesUser {
  id: number
  expertise_id: number
  interested: boolean
  value: number
  contact_me: boolean
  created_at: string
  user_id: number
}

export interface Campus {
  id: number
  name: string
  time_zone: string
  language: { id: number; name: string; identifier: string; created_at: string; updated_at: string | null }
  users_count: number
  vogsphere_id: number
  country: string
  address: string
  zip: string
  city: string
  website: string
  facebook: string
  twitter: string
  active: boolean
  email_extension: string
  default_hidden_phone: boolean
  [field: string]: unknown
}

export interface CampusUser {
  id: number
  user_id: number
  campus_id: number
  is_primary: boolean
  created_at: string
  updated_at: string | null
}

/** The profile picture: `link` (`null` without one) and its resized versions. */
export interface Image {
  link: string | null
  versions: { micro: string | null; small: string | null; medium: string | null; large: string | null }
}

/** `GET /v2/me`: the user and what the intranet links to it. */
export interface FortyTwoProfile extends UserData {
  groups: { id: number | string; name: string }[]
  cursus_users: CursusUser[]
  projects_users: ProjectUser[]
  languages_users: LanguagesUser[]
  achievements: Achievement[]
  titles: { id: number | string; name: string }[]
  titles_users: TitlesUser[]
  partnerships: unknown[]
  patroned: unknown[]
  patroning: unknown[]
  expertises_users: ExpertisesUser[]
  roles: { id: number | string; name: string }[]
  campus: Campus[]
  campus_users: CampusUser[]
  image: Image
  user?: unknown
}

// The button mark: the Simple Icons "42" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M19.581%2016.851H24v-4.439ZM24%203.574h-4.419v4.42l-4.419%204.418v4.44h4.419v-4.44L24%207.993Zm-4.419%200h-4.419v4.42zm-6.324%208.838H4.419l8.838-8.838H8.838L0%2012.412v3.595h8.838v4.419h4.419z'/%3E%3C/svg%3E"

/** The 42 School provider: scope `public`, PKCE and state. */
export default function FortyTwo<P extends FortyTwoProfile = FortyTwoProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname ?? profile.login,
        email: profile.email ?? null,
        image: profile.image?.link ?? null,
      }
    },
    style: { brandColor: "#000000", logo: LOGO },
    options,
  }
}
