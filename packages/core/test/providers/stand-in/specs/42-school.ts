/**
 * 42 School: https://api.intra.42.fr/apidoc/guides/web_application_flow (authorize at `/oauth/authorize` with
 * `client_id`, `redirect_uri`, `scope`, `state`; `POST /oauth/token` with the code and the client credentials) and
 * https://api.intra.42.fr/apidoc/2.0/users/me.html (`GET /v2/me`: the user, `image.link`, `usual_full_name`, which is
 * `null` unless the student set one).
 */
import FortyTwo from "@gatehousejs/core/providers/42-school"
import type { StandIn } from "../spec.js"

const me = {
  id: 129_470,
  email: "tmarvin@student.42.fr",
  login: "tmarvin",
  first_name: "Thomas",
  last_name: "Marvin",
  usual_full_name: null,
  usual_first_name: null,
  url: "https://api.intra.42.fr/v2/users/tmarvin",
  phone: "hidden",
  displayname: "Thomas Marvin",
  kind: "student",
  image: {
    link: "https://cdn.intra.42.fr/users/7c2f1c0c0d8a1b4d7f1e1e2d9a3c4b5e/tmarvin.jpg",
    versions: {
      large: "https://cdn.intra.42.fr/users/4c3d0e1f/large_tmarvin.jpg",
      medium: "https://cdn.intra.42.fr/users/5a2b1c3d/medium_tmarvin.jpg",
      small: "https://cdn.intra.42.fr/users/6b1c2d3e/small_tmarvin.jpg",
      micro: "https://cdn.intra.42.fr/users/7c0d1e2f/micro_tmarvin.jpg",
    },
  },
  "staff?": false,
  correction_point: 5,
  pool_month: "september",
  pool_year: "2023",
  location: null,
  wallet: 120,
  anonymize_date: "2027-10-01T00:00:00.000+02:00",
  created_at: "2023-08-21T09:12:44.201Z",
  updated_at: "2024-03-02T17:40:10.015Z",
  "alumni?": false,
  "active?": true,
  groups: [],
  cursus_users: [],
  projects_users: [],
  languages_users: [],
  achievements: [],
  titles: [],
  titles_users: [],
  partnerships: [],
  patroned: [],
  patroning: [],
  expertises_users: [],
  roles: [],
  campus: [],
  campus_users: [],
}

export default {
  name: "42-school",
  provider: FortyTwo,
  authorization: {
    url: "https://api.intra.42.fr/oauth/authorize",
    params: { scope: "public", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: "https://api.intra.42.fr/oauth/token", auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 7200, scope: "public", refresh_token: "42-refresh", created_at: 1_711_000_000 } },
  api: { "GET https://api.intra.42.fr/v2/me": { body: me } },
  expect: {
    providerAccountId: "129470",
    user: { name: "Thomas Marvin", email: "tmarvin@student.42.fr", image: "https://cdn.intra.42.fr/users/7c2f1c0c0d8a1b4d7f1e1e2d9a3c4b5e/tmarvin.jpg" },
  },
} satisfies StandIn
