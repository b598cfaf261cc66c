/**
 * Mail.ru sign-in end to end through `Auth()`, against a loopback fake of oauth.mail.ru that answers the way its
 * documentation describes:
 *
 * - `GET  /login`     redirects back with `code` and the `state` if one was sent (PKCE parameters accepted).
 * - `POST /token`     client credentials as a Basic header or in the form (not both), code / redirect URI / PKCE
 *   checked; standard token JSON; errors `{ error, error_description }` with 400.
 * - `GET  /userinfo`  reads the token from the `access_token` query parameter only (Mail.ru's documented transport; a
 *   Bearer header alone is not enough); errors come as `{ error, error_description }` — with HTTP 200.
 *
 * The provider is pointed at the fake with `authorization` / `token` / `userinfo` given as `{ url }`, so its own
 * parameters and `userinfo.request` stay. No request leaves 127.0.0.1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { customFetch } from "@gatehousejs/core"
import Mailru, { type MailruProfile } from "@gatehousejs/core/providers/mailru"
import type { Account } from "../../src/types.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { expectRejected, expectSignedIn, PKCE_COOKIE } from "../oauth/flow.js"
import { recordingLogger } from "../security/helpers.js"
import {
  clientCredentials,
  CodeStore,
  json,
  loopbackOnlyFetch,
  randomToken,
  redirect,
  roundTrip,
  s256,
  sessionOf,
  startLoopback,
  type Loopback,
} from "./loopback.js"

const CLIENT_ID = "8f1b2c3d4e5f40718293a4b5c6d7e8f9"
const CLIENT_SECRET = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
const CALLBACK = `${ORIGIN}/auth/callback/mailru`
const IMAGE = "https://filin.mail.ru/pic?d=PLACEHOLDER_AVATAR_HASH&width=180&height=180"

/** `GET /userinfo` (placeholder values, Mail.ru's field set). */
const IVAN: MailruProfile = {
  id: "1234567890123456789",
  client_id: CLIENT_ID,
  gender: "m",
  name: "Ivan Petrov",
  nickname: "ivan.petrov",
  locale: "ru_RU",
  first_name: "Ivan",
  last_name: "Petrov",
  email: "Ivan.Petrov@mail.example",
  birthday: "12.03.1987",
  image: IMAGE,
}

interface Behaviour {
  user: Record<string, unknown>
  deny: boolean
  /** `/userinfo` answers every call with Mail.ru's error body and this status. */
  userinfoError: number | undefined
}
const defaults = (): Behaviour => ({ user: { ...IVAN }, deny: false, userinfoError: undefined })

let fake: Loopback & { behaviour: Behaviour }
const store = new CodeStore()

beforeAll(async () => {
  const loopback = await startLoopback({
    "GET /login": (request, res) => {
      const { query } = request
      if (query.client_id !== CLIENT_ID) return json(res, 400, { error: "invalid_client", error_description: "unknown client_id" })
      if (query.response_type !== "code" || !query.redirect_uri) return json(res, 400, { error: "invalid_request", error_description: "invalid response_type or redirect_uri" })
      if (fake.behaviour.deny) {
        return redirect(res, query.redirect_uri, { error: "access_denied", error_description: "user denied access", state: query.state })
      }
      redirect(res, query.redirect_uri, { code: store.issue(query, randomToken("", 18)), state: query.state })
    },
    "POST /token": (request, res) => {
      const client = clientCredentials(request)
      if (client.method === "both" || client.clientId !== CLIENT_ID || client.clientSecret !== CLIENT_SECRET) {
        return json(res, 400, { error: "invalid_client", error_description: "invalid client credentials" })
      }
      const redeemed = store.redeem(request.body, client.clientId, { requireRedirectUri: true })
      if (!redeemed.ok) return json(res, 400, { error: redeemed.error, error_description: redeemed.description })
      json(res, 200, {
        access_token: store.token(redeemed.grant, randomToken("", 32)),
        token_type: "bearer",
        expires_in: 3600,
        refresh_token: randomToken("", 32),
      })
    },
    "GET /userinfo": (request, res) => {
      const { userinfoError } = fake.behaviour
      if (userinfoError !== undefined) return json(res, userinfoError, { error: "invalid_token", error_description: "token not found" })
      if (!store.owner(request.query.access_token)) return json(res, 200, { error: "invalid_request", error_description: "access_token is required" })
      json(res, 200, fake.behaviour.user)
    },
  })
  fake = Object.assign(loopback, { behaviour: defaults() })
})
afterAll(() => fake.close())
afterEach(() => {
  fake.requests.length = 0
  fake.behaviour = defaults()
  store.clear()
})

function rig(): { browser: Browser; accounts: Account[]; log: ReturnType<typeof recordingLogger>; escaped: string[] } {
  const log = recordingLogger()
  const accounts: Account[] = []
  const guard = loopbackOnlyFetch()
  const provider = Mailru({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    authorization: { url: `${fake.url}/login` },
    token: { url: `${fake.url}/token` },
    userinfo: { url: `${fake.url}/userinfo` },
    [customFetch]: guard.fetch,
  } as never)
  const config = testConfig({ providers: [provider], logger: log.logger, events: { signIn: ({ account }) => void (account && accounts.push(account)) } })
  return { browser: new Browser(config), accounts, log, escaped: guard.escaped }
}

describe("Mail.ru sign-in against the fake", () => {
  it("happy path: the session has name, e-mail and the picture from `image`", async () => {
    const r = rig()
    const { callback } = await roundTrip(r.browser, "mailru")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect((await sessionOf(r.browser))?.user).toEqual({ name: "Ivan Petrov", email: "ivan.petrov@mail.example", image: IMAGE })
    expect(r.accounts[0]).toMatchObject({ provider: "mailru", type: "oauth", providerAccountId: "1234567890123456789", token_type: "bearer" })
    expect(fake.requests.map((q) => `${q.method} ${q.path}`)).toEqual(["GET /login", "POST /token", "GET /userinfo"])
    expect(r.escaped).toEqual([])
  })

  it("sends the authorization request: client id, callback, code, scope userinfo, PKCE S256, no state", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "mailru")
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.url}/login`)
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      scope: "userinfo",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    })
  })

  it("exchanges the code with HTTP Basic client authentication (the declared default), the redirect URI and the PKCE verifier", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "mailru")
    const [token] = fake.requestsTo("/token")
    expect(token!.method).toBe("POST")
    expect(clientCredentials(token!)).toEqual({ method: "client_secret_basic", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })
    expect(token!.body).not.toHaveProperty("client_secret")
    expect(token!.body).toMatchObject({ grant_type: "authorization_code", redirect_uri: CALLBACK, code: expect.any(String) })
    expect(s256(token!.body.code_verifier!)).toBe(authorizeUrl.searchParams.get("code_challenge"))
  })

  it("sends the token to /userinfo as the access_token query parameter (and also as a Bearer header)", async () => {
    const r = rig()
    await roundTrip(r.browser, "mailru")
    const [userinfo] = fake.requestsTo("/userinfo")
    const token = r.accounts[0]!.access_token
    expect(userinfo!.method).toBe("GET")
    expect(userinfo!.query).toEqual({ access_token: token })
    expect(userinfo!.headers.authorization).toBe(`Bearer ${token}`)
  })

  it("without `name` the name is first + last name; without `image` there is no picture", async () => {
    fake.behaviour.user = { ...IVAN, name: undefined, image: undefined }
    const r = rig()
    await roundTrip(r.browser, "mailru")
    expect((await sessionOf(r.browser))?.user).toEqual({ name: "Ivan Petrov", email: "ivan.petrov@mail.example", image: null })
  })
})

describe("Mail.ru sign-in failures", () => {
  it("a userinfo error sent with HTTP 200 ends on the error page, and the token appears in no log", async () => {
    fake.behaviour.userinfoError = 200
    const r = rig()
    const { callback } = await roundTrip(r.browser, "mailru")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    const token = fake.requestsTo("/userinfo")[0]!.query.access_token!
    expect(r.log.text()).toContain("invalid_token")
    expect(r.log.text()).not.toContain(token)
    expect(r.accounts).toEqual([])
  })

  it("a userinfo error with HTTP 401 ends on the error page too", async () => {
    fake.behaviour.userinfoError = 401
    const r = rig()
    const { callback } = await roundTrip(r.browser, "mailru")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
  })

  it("a code Mail.ru never issued: 400 invalid_grant ends on the error page, no userinfo call", async () => {
    const r = rig()
    const { callback } = await roundTrip(r.browser, "mailru", (url) => url.searchParams.set("code", "not-issued"))
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(fake.requestsTo("/token")).toHaveLength(1)
    expect(fake.requestsTo("/userinfo")).toHaveLength(0)
  })

  it("denied consent ends on the sign-in page with OAuthCallbackError, and no token request is made", async () => {
    fake.behaviour.deny = true
    const r = rig()
    const { callback } = await roundTrip(r.browser, "mailru")
    expectRejected(callback, { page: "signin", error: "OAuthCallbackError", cleared: [PKCE_COOKIE] })
    expect(fake.requestsTo("/token")).toHaveLength(0)
  })
})
