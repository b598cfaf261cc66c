/**
 * The VK provider on its own (no engine): its defaults, how the spec's URL keys and the Auth.js v5 keys drive the
 * endpoints, the token-response fix, the users.get request against a `[customFetch]` stub, the profile mapping, and
 * the exact `VkProfile` type.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import VK, { conformTokenResponse, requestUser, VK_DEFAULT_API_VERSION, vkEndpoints, type VkPhotoImage, type VkPhotoSize, type VkProfile } from "../../src/providers/vk.js"
import type { EndpointHandler, OAuthConfig, OAuthConfigInternal, UserinfoEndpointContext } from "../../src/providers/types.js"
import { customFetch } from "../../src/symbols.js"
import type { Profile, TokenSet } from "../../src/types.js"
import { merge } from "../../src/util/merge.js"

const ACCESS_TOKEN = "vk1.a.FAKE_ACCESS_TOKEN"
const credentials = { clientId: "vk-client-id", clientSecret: "vk-client-secret" }

/** The provider as the engine sees it: user options deep-merged over the defaults. */
function effective<P>(config: OAuthConfig<P>): OAuthConfig<P> {
  const { options, ...defaults } = config
  return merge(defaults as OAuthConfig<P>, options ?? {})
}

function endpointOf(value: unknown): EndpointHandler & { url: string } {
  expect(typeof value).toBe("object")
  return value as EndpointHandler & { url: string }
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams)
}

describe("defaults", () => {
  const vk = effective(VK(credentials))

  it("is the oauth provider `vk` named VK, with state only and the client secret in the token request body", () => {
    expect(vk).toMatchObject({ id: "vk", name: "VK", type: "oauth", checks: ["state"], client: { token_endpoint_auth_method: "client_secret_post" } })
    expect(vk).toMatchObject(credentials)
  })

  it("asks for the email scope, as an authorization parameter", () => {
    expect(endpointOf(vk.authorization).params).toEqual({ scope: "email" })
  })

  it(`uses the spec's URLs with API version ${VK_DEFAULT_API_VERSION}`, () => {
    expect(VK_DEFAULT_API_VERSION).toBe("5.126")
    expect(endpointOf(vk.authorization).url).toBe("https://oauth.vk.com/authorize?response_type=code&v=5.126")
    expect(endpointOf(vk.token).url).toBe("https://oauth.vk.com/access_token?v=5.126")
    expect(endpointOf(vk.userinfo).url).toBe("https://api.vk.com/method/users.get?fields=photo_100&v=5.126")
    expect(vkEndpoints()).toEqual({
      accessTokenUrl: "https://oauth.vk.com/access_token?v=5.126",
      requestTokenUrl: "https://oauth.vk.com/access_token?v=5.126",
      authorizationUrl: "https://oauth.vk.com/authorize?response_type=code&v=5.126",
      profileUrl: "https://api.vk.com/method/users.get?fields=photo_100&v=5.126",
    })
  })

  it("has a token conform hook and a users.get request handler", () => {
    expect(endpointOf(vk.token).conform).toBe(conformTokenResponse)
    expect(endpointOf(vk.userinfo).request).toBe(requestUser)
  })

  it("styles its button with VK blue and an inline logo (no remote image)", () => {
    expect(vk.style?.brandColor).toBe("#0077FF")
    expect(vk.style?.logo).toMatch(/^data:image\/svg\+xml,[^\s]+$/)
  })

  it("works called with no options at all, as a bare provider is probed", () => {
    expect(VK().id).toBe("vk")
  })
})

describe("choosing the API version with the spec's option keys", () => {
  it("the four keys replace the endpoint URLs, and with them the version", () => {
    const vk = effective(VK({ ...credentials, ...vkEndpoints("5.199") }))
    expect(queryOf(endpointOf(vk.authorization).url)).toEqual({ response_type: "code", v: "5.199" })
    expect(endpointOf(vk.token).url).toBe("https://oauth.vk.com/access_token?v=5.199")
    expect(endpointOf(vk.userinfo).url).toBe("https://api.vk.com/method/users.get?fields=photo_100&v=5.199")
  })

  it("each key works alone: profileUrl", () => {
    const vk = effective(VK({ ...credentials, profileUrl: "https://api.vk.com/method/users.get?fields=photo_100&v=5.199" }))
    expect(endpointOf(vk.userinfo).url).toBe("https://api.vk.com/method/users.get?fields=photo_100&v=5.199")
    expect(endpointOf(vk.userinfo).request).toBe(requestUser)
    expect(endpointOf(vk.token).url).toBe("https://oauth.vk.com/access_token?v=5.126")
  })

  it("overriding authorizationUrl keeps the email scope", () => {
    const vk = effective(VK({ authorizationUrl: "https://oauth.vk.com/authorize?response_type=code&v=5.199" }))
    expect(endpointOf(vk.authorization)).toEqual({ url: "https://oauth.vk.com/authorize?response_type=code&v=5.199", params: { scope: "email" } })
  })

  it("a scope in the overriding URL wins over the default one", () => {
    const vk = effective(VK({ authorizationUrl: "https://oauth.vk.com/authorize?response_type=code&v=5.199&scope=email,offline" }))
    expect(endpointOf(vk.authorization).params).toBeUndefined()
  })

  it("requestTokenUrl is the token URL when accessTokenUrl is not given; accessTokenUrl wins when both are", () => {
    expect(endpointOf(effective(VK({ requestTokenUrl: "https://oauth.vk.com/access_token?v=5.2" })).token).url).toBe(
      "https://oauth.vk.com/access_token?v=5.2",
    )
    const both = VK({ requestTokenUrl: "https://oauth.vk.com/access_token?v=5.2", accessTokenUrl: "https://oauth.vk.com/access_token?v=5.3" })
    expect(endpointOf(effective(both).token).url).toBe("https://oauth.vk.com/access_token?v=5.3")
  })

  it("the keys do not leak onto the provider object", () => {
    const vk = effective(VK({ ...credentials, ...vkEndpoints("5.199") }))
    for (const key of ["accessTokenUrl", "requestTokenUrl", "authorizationUrl", "profileUrl"]) expect(vk).not.toHaveProperty(key)
  })
})

describe("the Auth.js v5 keys", () => {
  const legacy = vkEndpoints("5.199")

  it("win over the spec's keys", () => {
    const vk = effective(
      VK({
        ...legacy,
        authorization: "https://oauth.vk.com/authorize?v=5.200",
        token: "https://oauth.vk.com/access_token?v=5.200",
        userinfo: "https://api.vk.com/method/users.get?fields=photo_100&v=5.200",
      }),
    )
    expect(endpointOf(vk.authorization).url).toBe("https://oauth.vk.com/authorize?v=5.200")
    expect(endpointOf(vk.token).url).toBe("https://oauth.vk.com/access_token?v=5.200")
    expect(endpointOf(vk.userinfo).url).toBe("https://api.vk.com/method/users.get?fields=photo_100&v=5.200")
  })

  it("given as URL strings, keep the VK fixes (token conform, users.get request, email scope)", () => {
    const vk = effective(VK({ token: "https://proxy.example/access_token", userinfo: "https://proxy.example/users.get", authorization: "https://proxy.example/authorize" }))
    expect(endpointOf(vk.token)).toEqual({ url: "https://proxy.example/access_token", conform: conformTokenResponse })
    expect(endpointOf(vk.userinfo)).toEqual({ url: "https://proxy.example/users.get", request: requestUser })
    expect(endpointOf(vk.authorization)).toEqual({ url: "https://proxy.example/authorize", params: { scope: "email" } })
  })

  it("given as objects, merge over the defaults: params add, a handler replaces", () => {
    const request = async (): Promise<Profile> => ({ id: "1" })
    const vk = effective(VK({ authorization: { params: { scope: "email,offline", display: "popup" } }, userinfo: { request } }))
    expect(endpointOf(vk.authorization)).toEqual({ url: vkEndpoints().authorizationUrl, params: { scope: "email,offline", display: "popup" } })
    expect(endpointOf(vk.userinfo)).toEqual({ url: vkEndpoints().profileUrl, request })
  })

  it("other options override the defaults through the engine's merge", () => {
    const vk = effective(VK({ checks: ["state", "none"], style: { brandColor: "#000" } }))
    expect(vk.checks).toEqual(["state", "none"])
    expect(vk.style).toMatchObject({ brandColor: "#000", logo: expect.stringMatching(/^data:/) })
  })
})

describe("token response conform", () => {
  const json = (body: unknown, status = 200): Response =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "content-length": "999" } })

  it("adds token_type bearer and keeps VK's own fields", async () => {
    const body = { access_token: ACCESS_TOKEN, expires_in: 86400, user_id: 1234567, email: "user@example.test" }
    const fixed = await conformTokenResponse(json(body))
    expect(fixed).toBeInstanceOf(Response)
    expect(fixed!.status).toBe(200)
    expect(fixed!.headers.get("content-type")).toBe("application/json")
    expect(fixed!.headers.has("content-length")).toBe(false)
    expect(await fixed!.json()).toEqual({ ...body, token_type: "bearer" })
  })

  it("keeps expires_in 0 (offline tokens) as it is", async () => {
    const fixed = await conformTokenResponse(json({ access_token: ACCESS_TOKEN, expires_in: 0, user_id: 1 }))
    expect(await fixed!.json()).toEqual({ access_token: ACCESS_TOKEN, expires_in: 0, user_id: 1, token_type: "bearer" })
  })

  it.each([
    ["a 401 error body", json({ error: "invalid_client", error_description: "client_secret is incorrect" }, 401)],
    ["a 400 invalid_grant", json({ error: "invalid_grant", error_description: "Code is invalid or expired." }, 400)],
    ["an error body sent with 200", json({ error: "invalid_grant", error_description: "Code is invalid or expired." })],
    ["a body without access_token", json({ expires_in: 0 })],
    ["a body that already has a token_type", json({ access_token: ACCESS_TOKEN, token_type: "bearer" })],
    ["a body that is not JSON", new Response("<html>", { status: 200 })],
  ])("leaves %s untouched, readable by the OAuth client", async (_, response) => {
    const text = await response.clone().text()
    expect(await conformTokenResponse(response)).toBeUndefined()
    expect(response.bodyUsed).toBe(false)
    expect(await response.text()).toBe(text)
  })
})

describe("users.get request", () => {
  const user = { id: 1234567, first_name: "Ivan", last_name: "Petrov", can_access_closed: true, is_closed: false, photo_100: "https://example.test/photo_100.jpg" }
  const tokens: TokenSet = { access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 86400, user_id: 1234567, email: "user@example.test" }

  function stub(answer: (url: URL) => Response): { calls: { url: URL; init: RequestInit | undefined }[]; context: (t?: TokenSet, provider?: OAuthConfig<VkProfile>) => UserinfoEndpointContext } {
    const calls: { url: URL; init: RequestInit | undefined }[] = []
    const fetchStub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : input)
      calls.push({ url, init })
      return answer(url)
    }
    return {
      calls,
      context: (t = tokens, provider = effective(VK(credentials))) => ({
        tokens: t,
        provider: { ...provider, [customFetch]: fetchStub, signinUrl: "", callbackUrl: "" } as unknown as OAuthConfigInternal,
      }),
    }
  }

  const ok = (body: unknown): Response => Response.json(body)

  it("GETs users.get with the version and the token as the access_token parameter, and no Authorization header", async () => {
    const { calls, context } = stub(() => ok({ response: [user] }))
    await requestUser(context())
    expect(calls).toHaveLength(1)
    const { url, init } = calls[0]!
    expect(`${url.origin}${url.pathname}`).toBe("https://api.vk.com/method/users.get")
    expect(Object.fromEntries(url.searchParams)).toEqual({ fields: "photo_100", v: "5.126", access_token: ACCESS_TOKEN })
    expect(init?.method ?? "GET").toBe("GET")
    expect(new Headers(init?.headers).has("authorization")).toBe(false)
    expect(init?.signal).toBeInstanceOf(AbortSignal)
  })

  it("unwraps { response: [user] } and copies the e-mail of the token response", async () => {
    const { context } = stub(() => ok({ response: [user] }))
    expect(await requestUser(context())).toEqual({ ...user, email: "user@example.test" })
  })

  it("without an e-mail in the token response, the profile has none", async () => {
    const { context } = stub(() => ok({ response: [user] }))
    const { email: _, ...withoutEmail } = tokens
    expect(await requestUser(context(withoutEmail))).toEqual(user)
  })

  it("uses the provider's userinfo URL, with its version", async () => {
    const { calls, context } = stub(() => ok({ response: [user] }))
    await requestUser(context(tokens, effective(VK({ profileUrl: "https://api.vk.com/method/users.get?fields=photo_100,photo_200&v=5.199" }))))
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ fields: "photo_100,photo_200", v: "5.199", access_token: ACCESS_TOKEN })
  })

  it("adds the default version to a URL without one", async () => {
    const { calls, context } = stub(() => ok({ response: [user] }))
    await requestUser(context(tokens, effective(VK({ userinfo: "https://api.vk.com/method/users.get" }))))
    expect(calls[0]!.url.searchParams.get("v")).toBe("5.126")
  })

  it("turns VK's error envelope into an Error that names the code and message, never the token", async () => {
    const { context } = stub(() =>
      ok({
        error: {
          error_code: 5,
          error_msg: `User authorization failed: invalid access_token ${ACCESS_TOKEN}.`,
          request_params: [{ key: "access_token", value: ACCESS_TOKEN }],
        },
      }),
    )
    const error = await requestUser(context()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe("VK users.get failed with API error 5: User authorization failed: invalid access_token [access_token].")
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(ACCESS_TOKEN)
  })

  it.each([
    ["an HTTP error", () => new Response("Bad gateway", { status: 502 }), "VK users.get failed with HTTP 502."],
    ["an empty response array", () => ok({ response: [] }), "VK users.get returned no user"],
    ["a body without response", () => ok({}), "VK users.get returned no user"],
    ["a user without id", () => ok({ response: [{ first_name: "Ivan" }] }), "VK users.get returned no user"],
  ])("rejects %s with a clear Error", async (_, answer, message) => {
    const { context } = stub(answer)
    const error = (await requestUser(context()).catch((e: unknown) => e)) as Error
    expect(error.message).toContain(message)
    expect(error.message).not.toContain(ACCESS_TOKEN)
  })

  it("refuses a token response without an access token, before any request", async () => {
    const { calls, context } = stub(() => ok({ response: [user] }))
    await expect(requestUser(context({ token_type: "bearer" }))).rejects.toThrow("no access_token")
    expect(calls).toHaveLength(0)
  })

  it("refuses a plain-http users.get URL outside loopback", async () => {
    const { calls, context } = stub(() => ok({ response: [user] }))
    await expect(requestUser(context(tokens, effective(VK({ profileUrl: "http://api.vk.com/method/users.get?v=5.126" }))))).rejects.toThrow(
      /must use https/,
    )
    expect(calls).toHaveLength(0)
  })
})

describe("profile mapping", () => {
  const profile = VK().profile!
  const base: VkProfile = { id: 1234567, first_name: "Ivan", last_name: "Petrov", photo_100: "https://example.test/photo_100.jpg", is_closed: false, can_access_closed: true }
  const tokens: TokenSet = {}

  it.each([
    ["both names", base, { id: "1234567", name: "Ivan Petrov", email: null, image: "https://example.test/photo_100.jpg" }],
    ["an e-mail", { ...base, email: "user@example.test" }, { id: "1234567", name: "Ivan Petrov", email: "user@example.test", image: "https://example.test/photo_100.jpg" }],
    ["an empty last name", { ...base, last_name: "" }, { id: "1234567", name: "Ivan", email: null, image: "https://example.test/photo_100.jpg" }],
    ["an empty first name", { ...base, first_name: "" }, { id: "1234567", name: "Petrov", email: null, image: "https://example.test/photo_100.jpg" }],
    ["no names at all", { ...base, first_name: "", last_name: "" }, { id: "1234567", name: null, email: null, image: "https://example.test/photo_100.jpg" }],
    [
      "a deleted page without a photo",
      { id: 1234567, first_name: "DELETED", last_name: "", deactivated: "deleted", is_closed: false, can_access_closed: true } as VkProfile,
      { id: "1234567", name: "DELETED", email: null, image: null },
    ],
  ])("%s", async (_, input, expected) => {
    expect(await profile(input, tokens)).toEqual(expected)
  })

  it("stringifies the numeric id, as providerAccountId needs", async () => {
    const user = await profile(base, tokens)
    expect(user.id).toBe("1234567")
    expect(typeof user.id).toBe("string")
  })
})

describe("VkProfile type", () => {
  it("has the required base fields", () => {
    expectTypeOf<VkProfile["id"]>().toEqualTypeOf<number>()
    expectTypeOf<VkProfile["first_name"]>().toEqualTypeOf<string>()
    expectTypeOf<VkProfile["last_name"]>().toEqualTypeOf<string>()
    expectTypeOf<VkProfile["photo_100"]>().toEqualTypeOf<string>()
    expectTypeOf<VkProfile["is_closed"]>().toEqualTypeOf<boolean>()
    expectTypeOf<VkProfile["can_access_closed"]>().toEqualTypeOf<boolean>()
    type Required = { [K in keyof VkProfile as undefined extends VkProfile[K] ? never : K]: true }
    expectTypeOf<keyof Required>().toEqualTypeOf<"id" | "first_name" | "last_name" | "photo_100" | "is_closed" | "can_access_closed">()
  })

  it("types flags as 0 | 1 and the enumerations exactly", () => {
    expectTypeOf<VkProfile["verified"]>().toEqualTypeOf<0 | 1 | undefined>()
    expectTypeOf<VkProfile["online"]>().toEqualTypeOf<0 | 1 | undefined>()
    expectTypeOf<VkProfile["can_write_private_message"]>().toEqualTypeOf<0 | 1 | undefined>()
    expectTypeOf<VkProfile["sex"]>().toEqualTypeOf<0 | 1 | 2 | undefined>()
    expectTypeOf<VkProfile["friend_status"]>().toEqualTypeOf<0 | 1 | 2 | 3 | undefined>()
    expectTypeOf<VkProfile["relation"]>().toEqualTypeOf<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | undefined>()
    expectTypeOf<VkProfile["wall_default"]>().toEqualTypeOf<"all" | "owner" | undefined>()
    expectTypeOf<NonNullable<VkProfile["last_seen"]>["platform"]>().toEqualTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7>()
    expectTypeOf<NonNullable<VkProfile["relatives"]>[number]["type"]>().toEqualTypeOf<"parent" | "child" | "grandparent" | "grandchild" | "sibling">()
    expectTypeOf<NonNullable<VkProfile["occupation"]>["type"]>().toEqualTypeOf<"work" | "school" | "university" | undefined>()
    expectTypeOf<NonNullable<VkProfile["personal"]>["langs"]>().toEqualTypeOf<string[]>()
    expectTypeOf<NonNullable<VkProfile["personal"]>["political"]>().toEqualTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9>()
    expectTypeOf<VkProfile["email"]>().toEqualTypeOf<string | undefined>()
  })

  it("types the crop photo's sizes and images with their own letter codes", () => {
    type Photo = NonNullable<VkProfile["crop_photo"]>["photo"]
    expectTypeOf<NonNullable<Photo["sizes"]>[number]>().toEqualTypeOf<VkPhotoSize>()
    expectTypeOf<"temp">().toExtend<VkPhotoSize["type"]>()
    expectTypeOf<"max">().toExtend<VkPhotoSize["type"]>()
    expectTypeOf<"max">().not.toExtend<VkPhotoImage["type"]>()
    expectTypeOf<"temp">().not.toExtend<VkPhotoImage["type"]>()
    expectTypeOf<VkPhotoImage["type"]>().toEqualTypeOf<"p" | "q" | "s" | "r" | "x" | "y" | "m" | "l" | "o" | "z" | "w">()
    expectTypeOf<Photo["has_tags"]>().toEqualTypeOf<boolean>()
    expectTypeOf<Photo["album_id"]>().toEqualTypeOf<number>()
    expectTypeOf<Photo["can_comment"]>().toEqualTypeOf<0 | 1 | undefined>()
  })

  it("has no index signature: unknown fields are type errors", () => {
    expectTypeOf<VkProfile>().not.toHaveProperty("unknown_field")
    // @ts-expect-error not a VK user field
    const _typo: VkProfile["phot_100"] = ""
  })

  it("is the default profile type of the provider", () => {
    expectTypeOf(VK()).toEqualTypeOf<OAuthConfig<VkProfile>>()
    expectTypeOf(VK({ clientId: "x" })).toEqualTypeOf<OAuthConfig<VkProfile>>()
    expectTypeOf(VK<VkProfile & { extra?: string }>()).toEqualTypeOf<OAuthConfig<VkProfile & { extra?: string }>>()
  })
})
