/**
 * Each provider's `profile()` on a realistic profile of that provider (the documented response shape, placeholder
 * values) gives `{ id, name, email, image }` as in the reference table (research notes, providers §2b); the id is
 * always a string, because it becomes the account's `providerAccountId`.
 */
import { describe, expect, it } from "vitest"
import type { TokenSet, User } from "../../src/types.js"
import { customFetch } from "../../src/symbols.js"
import { providerFixture } from "./fixtures.js"
import type { OAuthProviderId } from "../../src/providers/provider-ids.js"

const tokens: TokenSet = { access_token: "access-token-1", token_type: "bearer" }

/** No network in these tests: a provider whose profile() makes a request (Entra's photo) gets a 404. */
const offline = { [customFetch]: async (): Promise<Response> => new Response(null, { status: 404 }) }

async function mapProfile(id: OAuthProviderId, profile: Record<string, unknown>): Promise<User> {
  const fixture = providerFixture(id)
  const config = fixture.create({ ...fixture.options, ...offline })
  const callback = config.profile as unknown as (profile: unknown, tokens: TokenSet) => User | Promise<User>
  return callback(profile, tokens)
}

const oidcClaims = { iss: "https://issuer.example", aud: "client-id", iat: 1_760_000_000, exp: 1_760_003_600 }

const cases: [OAuthProviderId, Record<string, unknown>, User][] = [
  [
    "github",
    {
      login: "octocat", id: 583231, node_id: "MDQ6VXNlcjU4MzIzMQ==", avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
      type: "User", site_admin: false, name: "The Octocat", company: "@github", email: "octocat@example.com", public_repos: 8,
      followers: 100, following: 9, created_at: "2011-01-25T18:44:36Z", updated_at: "2025-01-01T00:00:00Z",
    },
    { id: "583231", name: "The Octocat", email: "octocat@example.com", image: "https://avatars.githubusercontent.com/u/583231?v=4" },
  ],
  [
    "google",
    {
      ...oidcClaims, sub: "110169484474386276334", azp: "client-id", email: "jane@example.com", email_verified: true, name: "Jane Doe",
      picture: "https://lh3.googleusercontent.com/a/photo", given_name: "Jane", family_name: "Doe", hd: "example.com",
    },
    { id: "110169484474386276334", name: "Jane Doe", email: "jane@example.com", image: "https://lh3.googleusercontent.com/a/photo" },
  ],
  [
    "apple",
    { ...oidcClaims, sub: "001234.abcdef0123456789.0123", email: "x7k2@privaterelay.appleid.com", email_verified: true, is_private_email: true },
    { id: "001234.abcdef0123456789.0123", name: "x7k2@privaterelay.appleid.com", email: "x7k2@privaterelay.appleid.com", image: null },
  ],
  [
    "microsoft-entra-id",
    {
      ...oidcClaims, sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "9122040d-6c67-4c5b-b112-36a304b66dad", ver: "2.0", name: "Megan Bowen", preferred_username: "meganb@contoso.example",
      email: "meganb@contoso.example",
    },
    { id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Megan Bowen", email: "meganb@contoso.example", image: null },
  ],
  [
    "discord",
    {
      id: "80351110224678912", username: "nelly", discriminator: "0", global_name: "Nelly", avatar: "8342729096ea3675442027381ff50dfe",
      verified: true, email: "nelly@example.com", flags: 64, premium_type: 1, public_flags: 64, locale: "en-US", mfa_enabled: true,
    },
    {
      id: "80351110224678912", name: "Nelly", email: "nelly@example.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  ],
  [
    "gitlab",
    {
      id: 1234567, username: "jdoe", name: "Jane Doe", state: "active", avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1234567/avatar.png",
      web_url: "https://gitlab.com/jdoe", email: "jane@example.com", public_email: "", bot: false, created_at: "2020-01-01T00:00:00Z",
    },
    { id: "1234567", name: "Jane Doe", email: "jane@example.com", image: "https://gitlab.com/uploads/-/system/user/avatar/1234567/avatar.png" },
  ],
  [
    "facebook",
    {
      id: "10158000000000000", name: "Jane Doe", email: "jane@example.com",
      picture: { data: { height: 50, width: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1" } },
    },
    { id: "10158000000000000", name: "Jane Doe", email: "jane@example.com", image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1" },
  ],
  [
    "twitter",
    { data: { id: "2244994945", name: "X Developers", username: "XDevelopers", profile_image_url: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" } },
    { id: "2244994945", name: "X Developers", email: null, image: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" },
  ],
  [
    "linkedin",
    {
      ...oidcClaims, sub: "782bbtaQ", name: "Jane Doe", given_name: "Jane", family_name: "Doe", picture: "https://media.licdn.com/dms/image/C4E03/photo",
      locale: { country: "US", language: "en" }, email: "jane@example.com", email_verified: true,
    },
    { id: "782bbtaQ", name: "Jane Doe", email: "jane@example.com", image: "https://media.licdn.com/dms/image/C4E03/photo" },
  ],
  [
    "slack",
    {
      ...oidcClaims, sub: "U0R7MFMJM", "https://slack.com/user_id": "U0R7MFMJM", "https://slack.com/team_id": "T0R7GR", email: "krane@example.com",
      email_verified: true, name: "krane", picture: "https://secure.gravatar.com/avatar/x.jpg", "https://slack.com/team_name": "kraneflannel",
    },
    { id: "U0R7MFMJM", name: "krane", email: "krane@example.com", image: "https://secure.gravatar.com/avatar/x.jpg" },
  ],
  [
    "twitch",
    {
      ...oidcClaims, sub: "713936733", azp: "client-id", email: "streamer@example.com", email_verified: true,
      picture: "https://static-cdn.jtvnw.net/jtv_user_pictures/x-profile_image-300x300.png", preferred_username: "Streamer",
    },
    { id: "713936733", name: "Streamer", email: "streamer@example.com", image: "https://static-cdn.jtvnw.net/jtv_user_pictures/x-profile_image-300x300.png" },
  ],
  [
    "spotify",
    {
      id: "smedjan", display_name: "Smedjan", email: "smedjan@example.com", country: "SE", product: "premium", type: "user", uri: "spotify:user:smedjan",
      images: [{ url: "https://i.scdn.co/image/ab6775700000ee85", height: 300, width: 300 }],
    },
    { id: "smedjan", name: "Smedjan", email: "smedjan@example.com", image: "https://i.scdn.co/image/ab6775700000ee85" },
  ],
  [
    "auth0",
    {
      ...oidcClaims, sub: "auth0|64f0c0ffee", name: "jane@example.com", nickname: "jane", picture: "https://s.gravatar.com/avatar/x.png",
      email: "jane@example.com", email_verified: true, updated_at: "2025-01-01T00:00:00.000Z",
    },
    { id: "auth0|64f0c0ffee", name: "jane@example.com", email: "jane@example.com", image: "https://s.gravatar.com/avatar/x.png" },
  ],
  [
    "okta",
    { ...oidcClaims, sub: "00uid4BxXw6I6TV4m0g3", name: "John Doe", preferred_username: "john.doe@example.com", email: "john.doe@example.com", email_verified: true },
    { id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.com", image: null },
  ],
  [
    "keycloak",
    {
      ...oidcClaims, sub: "f:8a1b:jdoe", typ: "ID", azp: "client-id", jti: "j1", at_hash: "h", acr: "1", email_verified: true,
      preferred_username: "jdoe", email: "jdoe@example.com",
    },
    { id: "f:8a1b:jdoe", name: "jdoe", email: "jdoe@example.com", image: null },
  ],
  [
    "cognito",
    {
      ...oidcClaims, sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", token_use: "id", auth_time: 1_760_000_000, "cognito:username": "janedoe",
      email: "jane@example.com", email_verified: true,
    },
    { id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", name: "janedoe", email: "jane@example.com", image: null },
  ],
  [
    "zitadel",
    {
      ...oidcClaims, sub: "277787011111111111", name: "Jane Doe", given_name: "Jane", family_name: "Doe", preferred_username: "jane@example.com",
      email: "jane@example.com", email_verified: true, locale: "en", picture: "https://gatehouse-test.zitadel.cloud/assets/v1/avatar",
    },
    { id: "277787011111111111", name: "Jane Doe", email: "jane@example.com", image: "https://gatehouse-test.zitadel.cloud/assets/v1/avatar" },
  ],
  [
    "authentik",
    {
      ...oidcClaims, sub: "3f2a0d4c9e", auth_time: 1_760_000_000, acr: "goauthentik.io/providers/oauth2/default", email: "jane@example.com",
      email_verified: true, name: "Jane Doe", given_name: "Jane Doe", preferred_username: "jane", nickname: "jane", groups: ["users"],
    },
    { id: "3f2a0d4c9e", name: "Jane Doe", email: "jane@example.com", image: null },
  ],
  [
    "atlassian",
    {
      account_type: "atlassian", account_id: "712020:0a1b2c3d", email: "jane@example.com", email_verified: true, name: "Jane Doe",
      picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/712020/avatar.png", account_status: "active", nickname: "jane",
    },
    {
      id: "712020:0a1b2c3d", name: "Jane Doe", email: "jane@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/712020/avatar.png",
    },
  ],
  [
    "bitbucket",
    {
      account_id: "557058:0a1b2c3d", uuid: "{d301aafa-d676-4ee0-88be-962be7417567}", username: "jdoe", nickname: "jdoe", display_name: "Jane Doe",
      type: "user", created_on: "2020-01-01T00:00:00+00:00", account_status: "active", has_2fa_enabled: null, is_staff: false, location: null,
      links: { avatar: { href: "https://secure.gravatar.com/avatar/x?d=identicon" }, html: { href: "https://bitbucket.org/%7Bd301%7D/" } },
    },
    { id: "557058:0a1b2c3d", name: "Jane Doe", email: null, image: "https://secure.gravatar.com/avatar/x?d=identicon" },
  ],
  [
    "dropbox",
    {
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" },
      email: "franz@example.com", email_verified: true, disabled: false, locale: "en", referral_link: "https://db.tt/ZITNuhtI", is_paired: false,
      account_type: { ".tag": "basic" }, root_info: { ".tag": "user", root_namespace_id: "3235641", home_namespace_id: "3235641" },
      profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
    {
      id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: "Franz Ferdinand (Personal)", email: "franz@example.com",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
  ],
  [
    "notion",
    {
      object: "user", id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", type: "person", name: "Avocado Lovelace",
      avatar_url: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg", person: { email: "avo@example.org" },
    },
    {
      id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6", name: "Avocado Lovelace", email: "avo@example.org",
      image: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
    },
  ],
  [
    "reddit",
    {
      id: "1w72", name: "spez", created_utc: 1118030400, verified: true, has_verified_email: true, link_karma: 1, comment_karma: 2, is_gold: true,
      is_mod: true, icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_abc.png?width=256&amp;height=256&amp;s=0123",
    },
    { id: "1w72", name: "spez", email: null, image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_abc.png?width=256&height=256&s=0123" },
  ],
  [
    "strava",
    {
      id: 1234567890987654400, username: "marianne_t", resource_state: 3, firstname: "Marianne", lastname: "Teutenberg", city: "San Francisco",
      state: "CA", country: "US", sex: "F", summit: true, created_at: "2017-11-14T02:30:05Z", updated_at: "2018-02-06T19:32:20Z",
      profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1/medium.jpg",
      profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1/large.jpg",
    },
    { id: "1234567890987654400", name: "Marianne Teutenberg", email: null, image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1/large.jpg" },
  ],
  [
    "yandex",
    {
      id: "1000034426", login: "ivan", client_id: "4760187d81bc4b7799476b42b5103713", psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w", display_name: "Ivan",
      real_name: "Ivan Ivanov", first_name: "Ivan", last_name: "Ivanov", sex: "male", default_email: "test@yandex.ru", emails: ["test@yandex.ru", "other-test@yandex.ru"],
      default_avatar_id: "131652443", is_avatar_empty: false,
    },
    { id: "1000034426", name: "Ivan", email: "test@yandex.ru", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" },
  ],
  [
    "mailru",
    {
      id: "8b8c1a40b3", client_id: "app-id", gender: "m", name: "Ivan Petrov", nickname: "ivan", locale: "ru_RU", first_name: "Ivan",
      last_name: "Petrov", email: "ivan@mail.ru", birthday: "01.01.1990", image: "https://filin.mail.ru/pic?email=ivan%40mail.ru",
    },
    { id: "8b8c1a40b3", name: "Ivan Petrov", email: "ivan@mail.ru", image: "https://filin.mail.ru/pic?email=ivan%40mail.ru" },
  ],
  [
    "zoom",
    {
      id: "KDcuGIm1QgePTO8WbOqwIQ", first_name: "Jill", last_name: "Chill", display_name: "Jill Chill", email: "jchill@example.com", type: 1,
      role_name: "Owner", pmi: 3542471135, use_pmi: false, timezone: "Asia/Shanghai", verified: 1, dept: "", created_at: "2019-06-01T07:58:03Z",
      last_login_time: "2019-06-01T07:58:03Z", pic_url: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg", status: "active", account_id: "q6gBJVO5TzexKYTb_I2rpg",
    },
    { id: "KDcuGIm1QgePTO8WbOqwIQ", name: "Jill Chill", email: "jchill@example.com", image: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg" },
  ],
  [
    "salesforce",
    {
      sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A", user_id: "005xx000001Sv6A", organization_id: "00Dxx0000001gPL",
      preferred_username: "admin@example.com", nickname: "admin", name: "Admin User", email: "admin@example.com", email_verified: true,
      picture: "https://example.file.force.com/profilephoto/005/F",
    },
    { id: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A", name: "Admin User", email: "admin@example.com", image: "https://example.file.force.com/profilephoto/005/F" },
  ],
  [
    "patreon",
    {
      data: {
        id: "12345678", type: "user",
        attributes: { full_name: "Jane Creator", email: "jane@example.com", image_url: "https://c8.patreon.com/2/200/12345678", vanity: "jane" },
      },
      links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345678" },
    },
    { id: "12345678", name: "Jane Creator", email: "jane@example.com", image: "https://c8.patreon.com/2/200/12345678" },
  ],
  [
    "kakao",
    {
      id: 123456789, connected_at: "2022-04-11T01:45:28Z",
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile: { nickname: "홍길동", thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg", profile_image_url: "https://k.kakaocdn.net/dn/img_640x640.jpg", is_default_image: false },
        email_needs_agreement: false, is_email_valid: true, is_email_verified: true, email: "sample@sample.com",
      },
    },
    { id: "123456789", name: "홍길동", email: "sample@sample.com", image: "https://k.kakaocdn.net/dn/img_640x640.jpg" },
  ],
  [
    "naver",
    {
      resultcode: "00", message: "success",
      response: {
        id: "32742776", nickname: "OpenAPI", email: "openapi@naver.com", gender: "F", age: "40-49", birthday: "10-01",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif", name: "오픈 API",
      },
    },
    { id: "32742776", name: "OpenAPI", email: "openapi@naver.com", image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif" },
  ],
  [
    "line",
    {
      ...oidcClaims, iss: "https://access.line.me", sub: "U1234567890abcdef1234567890abcdef", amr: ["pwd"], name: "Taro Line",
      picture: "https://profile.line-scdn.net/0h8e2", email: "taro.line@example.com",
    },
    { id: "U1234567890abcdef1234567890abcdef", name: "Taro Line", email: "taro.line@example.com", image: "https://profile.line-scdn.net/0h8e2" },
  ],
]

describe("profile() maps the provider's profile to the user", () => {
  it.each(cases)("%s", async (id, profile, user) => {
    const mapped = await mapProfile(id, profile)
    expect(mapped).toEqual(user)
    expect(typeof mapped.id).toBe("string")
  })

  it("covers every provider of the catalog", async () => {
    const { providerFixtures } = await import("./fixtures.js")
    expect(cases.map(([id]) => id).sort()).toEqual(providerFixtures.map((f) => f.id).sort())
  })
})

describe("profile() edge cases of the reference table", () => {
  it("GitHub: a user without a display name is named by login", async () => {
    expect(await mapProfile("github", { id: 1, login: "octo", name: null, email: null, avatar_url: "https://a.example/1" })).toEqual({
      id: "1", name: "octo", email: null, image: "https://a.example/1",
    })
  })

  it("Apple: the name of the first consent's `user` form field wins over the e-mail", async () => {
    const profile = { sub: "001.a", email: "j@example.com", user: { name: { firstName: "Jane", lastName: "Appleseed" }, email: "j@example.com" } }
    expect((await mapProfile("apple", profile)).name).toBe("Jane Appleseed")
    expect((await mapProfile("apple", { sub: "001.a" })).name).toBeNull()
  })

  it("Discord: animated avatars are GIFs; no avatar gives the default one from the id or the legacy discriminator", async () => {
    const base = { id: "80351110224678912", username: "nelly", global_name: null, email: null }
    expect((await mapProfile("discord", { ...base, discriminator: "0", avatar: "a_1269e74af4df7417b13759eae50c83dc" })).image).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif",
    )
    // (80351110224678912 >> 22) % 6 = 19157197529 % 6 = 5; legacy: 1337 % 5 = 2
    expect((await mapProfile("discord", { ...base, discriminator: "0", avatar: null })).image).toBe("https://cdn.discordapp.com/embed/avatars/5.png")
    expect((await mapProfile("discord", { ...base, discriminator: "1337", avatar: null })).image).toBe("https://cdn.discordapp.com/embed/avatars/2.png")
    expect((await mapProfile("discord", { ...base, discriminator: "0", avatar: null })).name).toBe("nelly")
  })

  it("Spotify: a null display name and no images map to nulls", async () => {
    expect(await mapProfile("spotify", { id: "s", display_name: null, email: "s@example.com", images: [] })).toEqual({
      id: "s", name: null, email: "s@example.com", image: null,
    })
  })

  it("Yandex: an empty avatar gives no image; the first address stands in for a missing default", async () => {
    const profile = { id: "1", login: "ivan", real_name: "Ivan Ivanov", emails: ["a@yandex.ru"], default_avatar_id: "0/0-0", is_avatar_empty: true }
    expect(await mapProfile("yandex", profile)).toEqual({ id: "1", name: "Ivan Ivanov", email: "a@yandex.ru", image: null })
  })

  it("Strava: an empty last name leaves no trailing space", async () => {
    expect((await mapProfile("strava", { id: 1, firstname: "Marianne", lastname: "", profile: "https://x.example/p.jpg" })).name).toBe("Marianne")
  })

  it("Kakao: a user who did not consent to profile or e-mail still signs in, with nulls", async () => {
    expect(await mapProfile("kakao", { id: 42, kakao_account: {} })).toEqual({ id: "42", name: null, email: null, image: null })
  })

  it("Cognito: `name` wins over `cognito:username` when the pool sets it", async () => {
    expect((await mapProfile("cognito", { sub: "s", name: "Jane Doe", "cognito:username": "janedoe" })).name).toBe("Jane Doe")
  })
})
