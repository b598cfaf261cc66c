/**
 * The providers' own HTTP: custom `userinfo.request` handlers, `token.conform` repairs and Entra's photo. Every
 * request goes through the provider's `[customFetch]` (here a recorder, passed in the options exactly as an app
 * would) — nothing reaches the network.
 */
import { describe, expect, it } from "vitest"
import type { OAuthProviderId } from "../../src/providers/provider-ids.js"
import type { EndpointHandler, OAuthConfigInternal, UserinfoEndpointContext } from "../../src/providers/types.js"
import { customFetch } from "../../src/symbols.js"
import type { Profile, TokenSet, User } from "../../src/types.js"
import { merge } from "../../src/util/merge.js"
import { providerFixture } from "./fixtures.js"

interface Recorded {
  method: string
  url: string
  headers: Headers
  body: string | null
}

type Handler = (request: Request) => Response | Promise<Response>

/** A `fetch` that records each request and answers with `handler`. */
function recorder(handler: Handler): { fetch: typeof fetch; requests: Recorded[] } {
  const requests: Recorded[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const body = request.body ? await request.clone().text() : null
    requests.push({ method: request.method, url: request.url, headers: request.headers, body })
    return handler(request)
  }
  return { fetch: fetch as typeof globalThis.fetch, requests }
}

/** Routes by `METHOD path`; anything else is a 404. */
function routes(table: Record<string, () => Response>): Handler {
  return (request) => {
    const route = table[`${request.method} ${new URL(request.url).pathname}`]
    return route ? route() : new Response("not found", { status: 404 })
  }
}

const json = (body: unknown, status = 200): Response => Response.json(body, { status })
const tokens: TokenSet = { access_token: "access-token-1", token_type: "bearer" }

/** The provider as the engine hands it to its handlers: options merged over the defaults, URLs added. */
function setUp(id: OAuthProviderId, handler: Handler, options: Record<string, unknown> = {}) {
  const { fetch, requests } = recorder(handler)
  const fixture = providerFixture(id)
  const config = fixture.create({ ...fixture.options, ...options, [customFetch]: fetch })
  const { options: userOptions, ...defaults } = config
  const provider = {
    ...merge(defaults, userOptions ?? {}),
    signinUrl: `https://app.example/auth/signin/${id}`,
    callbackUrl: `https://app.example/auth/callback/${id}`,
  } as unknown as OAuthConfigInternal
  const userinfo = async (withTokens: TokenSet = tokens): Promise<Profile> => {
    const handlerOf = provider.userinfo as EndpointHandler<Record<string, unknown>, UserinfoEndpointContext, Profile>
    return handlerOf.request!({ tokens: withTokens, provider })
  }
  const conform = async (response: Response): Promise<Response | undefined> => {
    const token = provider.token as EndpointHandler
    return token.conform!(response)
  }
  const profile = async (raw: Profile): Promise<User> =>
    (provider.profile as unknown as (p: Profile, t: TokenSet) => User | Promise<User>)(raw, tokens)
  return { provider, requests, userinfo, conform, profile }
}

describe("GitHub", () => {
  const user = { id: 1, login: "octocat", name: "The Octocat", avatar_url: "https://avatars.example/1" }

  it("takes a public e-mail from /user and makes no other request", async () => {
    const { userinfo, requests } = setUp("github", routes({ "GET /user": () => json({ ...user, email: "octo@example.com" }) }))
    expect((await userinfo()).email).toBe("octo@example.com")
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET https://api.github.com/user"])
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
    expect(requests[0]!.headers.get("user-agent")).toBeTruthy()
  })

  it("falls back to the primary address of /user/emails when the e-mail is private", async () => {
    const { userinfo, profile, requests } = setUp(
      "github",
      routes({
        "GET /user": () => json({ ...user, email: null }),
        "GET /user/emails": () =>
          json([
            { email: "old@example.com", primary: false, verified: true, visibility: null },
            { email: "octo@example.com", primary: true, verified: true, visibility: "private" },
          ]),
      }),
    )
    const raw = await userinfo()
    expect(await profile(raw)).toEqual({ id: "1", name: "The Octocat", email: "octo@example.com", image: "https://avatars.example/1" })
    expect(requests.map((r) => r.url)).toEqual(["https://api.github.com/user", "https://api.github.com/user/emails"])
    expect(requests[1]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })

  it("takes the first address when none is primary, and none when /user/emails fails", async () => {
    const first = setUp("github", routes({
      "GET /user": () => json({ ...user, email: null }),
      "GET /user/emails": () => json([{ email: "a@example.com", primary: false, verified: false, visibility: null }]),
    }))
    expect((await first.userinfo()).email).toBe("a@example.com")
    const failing = setUp("github", routes({ "GET /user": () => json({ ...user, email: null }) }))
    expect((await failing.userinfo()).email).toBeNull()
    const empty = setUp("github", routes({ "GET /user": () => json({ ...user, email: null }), "GET /user/emails": () => json([]) }))
    expect((await empty.userinfo()).email).toBeNull()
  })

  it("refuses a failed /user instead of signing in a profile-less user", async () => {
    const { userinfo } = setUp("github", routes({ "GET /user": () => json({ message: "Bad credentials" }, 401) }))
    await expect(userinfo()).rejects.toThrow(/401/)
  })

  it("GitHub Enterprise: both requests go to {baseUrl}/api/v3", async () => {
    const { userinfo, requests } = setUp(
      "github",
      routes({ "GET /api/v3/user": () => json({ ...user, email: null }), "GET /api/v3/user/emails": () => json([{ email: "e@corp.example", primary: true }]) }),
      { enterprise: { baseUrl: "https://github.corp.example" } },
    )
    expect((await userinfo()).email).toBe("e@corp.example")
    expect(requests.map((r) => r.url)).toEqual(["https://github.corp.example/api/v3/user", "https://github.corp.example/api/v3/user/emails"])
  })

  it("goes through providerFetch: a plain-http userinfo URL off loopback is refused", async () => {
    const { userinfo, requests } = setUp("github", routes({}), { userinfo: { url: "http://api.github.example/user" } })
    await expect(userinfo()).rejects.toThrow(/plain http/)
    expect(requests).toEqual([])
  })

  it("token.conform: an error answered with HTTP 200 becomes HTTP 400; a success is left alone", async () => {
    const { conform } = setUp("github", routes({}))
    const error = await conform(json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." }))
    expect(error?.status).toBe(400)
    expect(await error?.json()).toEqual({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." })
    const success = json({ access_token: "gho_x", token_type: "bearer", scope: "read:user,user:email" })
    expect(await conform(success)).toBeUndefined()
    expect((await success.json()).access_token).toBe("gho_x")
  })
})

describe("Twitch token.conform", () => {
  it("joins the scope array into the space-separated string of RFC 6749 §5.1", async () => {
    const { conform } = setUp("twitch", routes({}))
    const original = json({ access_token: "a", id_token: "i", refresh_token: "r", expires_in: 14_400, scope: ["openid", "user:read:email"], token_type: "bearer" })
    const fixed = await conform(original)
    expect(fixed?.status).toBe(200)
    expect(fixed?.headers.get("content-type")).toBe("application/json")
    expect(await fixed?.json()).toEqual({ access_token: "a", id_token: "i", refresh_token: "r", expires_in: 14_400, scope: "openid user:read:email", token_type: "bearer" })
  })

  it("turns an error's `message` into `error_description`, keeping the status", async () => {
    const { conform } = setUp("twitch", routes({}))
    const fixed = await conform(json({ status: 400, message: "Invalid authorization code" }, 400))
    expect(fixed?.status).toBe(400)
    expect(await fixed?.json()).toEqual({ error: "invalid_request", error_description: "Invalid authorization code" })
  })

  it("leaves a compliant or unreadable response unchanged and still readable", async () => {
    const { conform } = setUp("twitch", routes({}))
    const compliant = json({ access_token: "a", token_type: "bearer", scope: "openid" })
    expect(await conform(compliant)).toBeUndefined()
    expect((await compliant.json()).scope).toBe("openid")
    const html = new Response("<html>bad gateway</html>", { status: 502 })
    expect(await conform(html)).toBeUndefined()
    expect(await html.text()).toContain("bad gateway")
  })
})

describe("Naver", () => {
  const envelope = { resultcode: "00", message: "success", response: { id: "32742776", nickname: "OpenAPI", email: "openapi@naver.com" } }

  it("returns the whole envelope, which profile() unwraps", async () => {
    const { userinfo, profile, requests } = setUp("naver", routes({ "GET /v1/nid/me": () => json(envelope) }))
    const raw = await userinfo()
    expect(raw).toEqual(envelope)
    expect(await profile(raw)).toEqual({ id: "32742776", name: "OpenAPI", email: "openapi@naver.com", image: null })
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })

  it("refuses a non-00 resultcode, even with HTTP 200", async () => {
    const { userinfo } = setUp("naver", routes({ "GET /v1/nid/me": () => json({ resultcode: "024", message: "Authentication failed" }) }))
    await expect(userinfo()).rejects.toThrow(/024/)
  })

  it("token.conform: an error answered with HTTP 200 becomes HTTP 400", async () => {
    const { conform } = setUp("naver", routes({}))
    expect((await conform(json({ error: "invalid_request", error_description: "no valid data in session" })))?.status).toBe(400)
    expect(await conform(json({ access_token: "a", token_type: "bearer", expires_in: "3600" }))).toBeUndefined()
  })
})

describe("Notion", () => {
  const owner = { object: "user", id: "e79a0b74", type: "person", name: "Avocado Lovelace", avatar_url: null, person: { email: "avo@example.org" } }

  it("sends Notion-Version and returns the bot's owner, the person who installed it", async () => {
    const { userinfo, requests } = setUp(
      "notion",
      routes({ "GET /v1/users/me": () => json({ object: "user", id: "bot-1", type: "bot", bot: { owner: { type: "user", user: owner }, workspace_name: "W" } }) }),
    )
    expect(await userinfo()).toEqual(owner)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.headers.get("notion-version")).toBe("2022-06-28")
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })

  it("refuses a workspace-owned integration: there is no user to sign in", async () => {
    const { userinfo } = setUp(
      "notion",
      routes({ "GET /v1/users/me": () => json({ object: "user", id: "bot-1", type: "bot", bot: { owner: { type: "workspace", workspace: true } } }) }),
    )
    await expect(userinfo()).rejects.toThrow(/workspace/)
  })
})

describe("Dropbox", () => {
  it("calls the account RPC with POST, the bearer token and no body", async () => {
    const account = { account_id: "dbid:AAH4", name: { display_name: "Franz Ferdinand" }, email: "franz@example.com" }
    const { userinfo, requests } = setUp("dropbox", routes({ "POST /2/users/get_current_account": () => json(account) }))
    expect(await userinfo()).toEqual(account)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: "POST", url: "https://api.dropboxapi.com/2/users/get_current_account", body: null })
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
    expect(requests[0]!.headers.get("content-type")).toBeNull()
  })
})

describe("Yandex", () => {
  it("authenticates the info request with the `OAuth` scheme Yandex documents", async () => {
    const { userinfo, requests } = setUp("yandex", routes({ "GET /info": () => json({ id: "1000034426", login: "ivan" }) }))
    expect((await userinfo()).id).toBe("1000034426")
    expect(requests[0]!.url).toBe("https://login.yandex.ru/info?format=json")
    expect(requests[0]!.headers.get("authorization")).toBe("OAuth access-token-1")
  })
})

describe("Reddit", () => {
  it("sends a descriptive User-Agent naming the app", async () => {
    const { userinfo, requests } = setUp("reddit", routes({ "GET /api/v1/me": () => json({ id: "1w72", name: "spez" }) }))
    expect((await userinfo()).name).toBe("spez")
    expect(requests[0]!.headers.get("user-agent")).toBe("web:client-id-reddit:gatehouse")
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })
})

describe("Mail.ru", () => {
  it("sends the token as the access_token query parameter (and as a Bearer header)", async () => {
    const { userinfo, requests } = setUp("mailru", routes({ "GET /userinfo": () => json({ id: "8b8c", email: "ivan@mail.ru", image: "https://filin.mail.ru/pic" }) }))
    expect((await userinfo()).email).toBe("ivan@mail.ru")
    expect(new URL(requests[0]!.url).searchParams.get("access_token")).toBe("access-token-1")
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })

  it("refuses an error body, even with HTTP 200, without putting the token in the message", async () => {
    const { userinfo } = setUp("mailru", routes({ "GET /userinfo": () => json({ error: "invalid_token", error_description: "token not found" }) }))
    const error = await userinfo().catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/invalid_token/)
    expect((error as Error).message).not.toContain("access-token-1")
  })
})

describe("Patreon", () => {
  it("asks the v2 identity for the user fields and returns the JSON:API document", async () => {
    const document = { data: { id: "12345678", type: "user", attributes: { full_name: "Jane Creator", email: "jane@example.com" } } }
    const { userinfo, profile, requests } = setUp("patreon", routes({ "GET /api/oauth2/v2/identity": () => json(document) }))
    const raw = await userinfo()
    expect(raw).toEqual(document)
    expect(await profile(raw)).toEqual({ id: "12345678", name: "Jane Creator", email: "jane@example.com", image: null })
    expect(new URL(requests[0]!.url).searchParams.get("fields[user]")).toContain("email")
  })

  it("turns JSON:API errors into an error", async () => {
    const { userinfo } = setUp(
      "patreon",
      routes({ "GET /api/oauth2/v2/identity": () => json({ errors: [{ code_name: "Unauthorized", detail: "The server could not verify that you are authorized" }] }, 401) }),
    )
    await expect(userinfo()).rejects.toThrow(/Unauthorized/)
  })
})

describe("Bitbucket", () => {
  const user = { account_id: "557058:0a1b", username: "jdoe", display_name: "Jane Doe", links: { avatar: { href: "https://a.example/j" } } }
  const emails = {
    values: [
      { email: "unconfirmed@example.com", is_primary: false, is_confirmed: false, type: "email" },
      { email: "jane@example.com", is_primary: true, is_confirmed: true, type: "email" },
    ],
  }

  it("with the `email` scope granted, takes the confirmed primary address of /user/emails", async () => {
    const { userinfo, requests } = setUp("bitbucket", routes({ "GET /2.0/user": () => json(user), "GET /2.0/user/emails": () => json(emails) }))
    expect((await userinfo({ ...tokens, scopes: "account email" })).email).toBe("jane@example.com")
    expect(requests.map((r) => r.url)).toEqual(["https://api.bitbucket.org/2.0/user", "https://api.bitbucket.org/2.0/user/emails"])
  })

  it("with the default `account` scope, makes one request and has no e-mail", async () => {
    const { userinfo, requests } = setUp("bitbucket", routes({ "GET /2.0/user": () => json(user) }))
    expect((await userinfo({ ...tokens, scopes: "account" })).email).toBeUndefined()
    expect(requests).toHaveLength(1)
  })
})

describe("Microsoft Entra ID profile photo", () => {
  const claims = { sub: "s-1", name: "Megan Bowen", email: "meganb@contoso.example", oid: "o", tid: "t" }

  it("fetches the Graph photo of the configured size with the access token, as a data: URL", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])
    const { profile, requests } = setUp(
      "microsoft-entra-id",
      () => new Response(jpeg, { headers: { "content-type": "image/jpeg" } }),
      { profilePhotoSize: 96 },
    )
    expect(await profile(claims)).toEqual({ id: "s-1", name: "Megan Bowen", email: "meganb@contoso.example", image: "data:image/jpeg;base64,/9j/4AAQ" })
    expect(requests[0]!.url).toBe("https://graph.microsoft.com/v1.0/me/photos/96x96/$value")
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer access-token-1")
  })

  it("tolerates no photo, a refused request and a network failure: image null", async () => {
    for (const handler of [() => new Response(null, { status: 404 }), () => new Response(null, { status: 403 }), () => Promise.reject(new TypeError("fetch failed"))]) {
      const { profile } = setUp("microsoft-entra-id", handler)
      expect((await profile(claims)).image).toBeNull()
    }
  })
})
