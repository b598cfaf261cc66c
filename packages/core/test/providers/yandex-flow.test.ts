/**
 * Yandex sign-in end to end through `Auth()`, against a loopback fake of oauth.yandex.ru and login.yandex.ru that
 * answers the way Yandex ID does:
 *
 * - `GET  /oauth/authorize`  redirects back with a numeric `code`, the `state` if one was sent, and Yandex's `cid`.
 * - `POST /oauth/token`      client credentials as a Basic header or in the form (not both), PKCE checked; Yandex's token
 *   JSON; errors `invalid_grant` / `invalid_client` with 400 / 401.
 * - `GET  /login/info`       the token in Yandex's documented `Authorization: OAuth <token>` header (or the
 *   `oauth_token` parameter) — a Bearer header is refused, so the test pins which scheme the provider sends; the
 *   fields depend on the granted scopes, as at Yandex.
 *
 * The provider is pointed at the fake with its `authorization` / `token` / `userinfo` options given as `{ url }`, so
 * the provider's own parameters and its `userinfo.request` stay. No request leaves 127.0.0.1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { customFetch } from "@gatehousejs/core"
import Yandex, { type YandexProfile } from "@gatehousejs/core/providers/yandex"
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

const CLIENT_ID = "4760187d81bc4b7799476b42b5103713"
const CLIENT_SECRET = "a5a3a1d1b2f74c8e9d6e5f4a3b2c1d0e"
const CALLBACK = `${ORIGIN}/auth/callback/yandex`
const AVATAR_ID = "131652443"

/** `GET /info?format=json` with every right granted (placeholder values, Yandex's field set). */
const IVAN: YandexProfile = {
  id: "1000034426",
  login: "ivan.petrov",
  client_id: CLIENT_ID,
  psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
  display_name: "Ivan",
  real_name: "Ivan Petrov",
  first_name: "Ivan",
  last_name: "Petrov",
  sex: "male",
  old_social_login: "uid-mmzxrnry",
  default_email: "Ivan.Petrov@example.test",
  emails: ["Ivan.Petrov@example.test", "ivan.work@example.test"],
  default_avatar_id: AVATAR_ID,
  is_avatar_empty: false,
  birthday: "1987-03-12",
}

/** Which fields each right adds to `/info` (https://yandex.ru/dev/id/doc/en/user-information). */
const FIELDS_BY_SCOPE: Record<string, string[]> = {
  "login:info": ["display_name", "real_name", "first_name", "last_name", "sex", "old_social_login"],
  "login:email": ["default_email", "emails"],
  "login:avatar": ["default_avatar_id", "is_avatar_empty"],
  "login:birthday": ["birthday"],
}

interface Behaviour {
  user: Record<string, unknown>
  deny: boolean
  /** `/info` answers 401 to every call, as for a revoked token. */
  revoke: boolean
}
const defaults = (): Behaviour => ({ user: { ...IVAN }, deny: false, revoke: false })

let fake: Loopback & { behaviour: Behaviour }
const store = new CodeStore()

beforeAll(async () => {
  const loopback = await startLoopback({
    "GET /oauth/authorize": (request, res) => {
      const { query } = request
      if (query.client_id !== CLIENT_ID) return json(res, 400, { error: "invalid_client", error_description: "Client not found" })
      if (query.response_type !== "code" || !query.redirect_uri) return json(res, 400, { error: "invalid_request" })
      if (fake.behaviour.deny) {
        return redirect(res, query.redirect_uri, { error: "access_denied", error_description: "User denied access", state: query.state })
      }
      const code = String(1_000_000 + Math.floor(Math.random() * 8_999_999))
      redirect(res, query.redirect_uri, { code: store.issue(query, code), state: query.state, cid: "9f8e7d6c5b4a" })
    },
    "POST /oauth/token": (request, res) => {
      const client = clientCredentials(request)
      if (client.method === "both" || client.clientId !== CLIENT_ID || client.clientSecret !== CLIENT_SECRET) {
        return json(res, 401, { error: "invalid_client", error_description: "Client not found" })
      }
      // Yandex does not require redirect_uri at the token endpoint; it is compared when sent.
      const redeemed = store.redeem(request.body, client.clientId)
      if (!redeemed.ok) return json(res, 400, { error: redeemed.error, error_description: "Code has expired" })
      json(res, 200, {
        token_type: "bearer",
        access_token: store.token(redeemed.grant, randomToken("y0_AgAAAAB", 30)),
        expires_in: 31536000,
        refresh_token: randomToken("1:", 20),
      })
    },
    "GET /login/info": (request, res) => {
      const header = /^OAuth (.+)$/.exec(request.headers.authorization ?? "")?.[1]
      const grant = store.owner(header ?? request.query.oauth_token)
      if (!grant || fake.behaviour.revoke) {
        res.writeHead(401, { "content-type": "text/plain" }).end("401 Unauthorized")
        return
      }
      if (request.query.format !== "json") {
        res.writeHead(200, { "content-type": "application/xml" }).end("<user/>")
        return
      }
      const allowed = new Set(["id", "login", "client_id", "psuid", ...(grant.scope ?? "").split(" ").flatMap((s) => FIELDS_BY_SCOPE[s] ?? [])])
      json(res, 200, Object.fromEntries(Object.entries(fake.behaviour.user).filter(([key]) => allowed.has(key))))
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

function rig(extra: Record<string, unknown> = {}): { browser: Browser; accounts: Account[]; log: ReturnType<typeof recordingLogger>; escaped: string[] } {
  const log = recordingLogger()
  const accounts: Account[] = []
  const guard = loopbackOnlyFetch()
  const provider = Yandex({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    authorization: { url: `${fake.url}/oauth/authorize` },
    token: { url: `${fake.url}/oauth/token` },
    userinfo: { url: `${fake.url}/login/info?format=json` },
    ...extra,
    [customFetch]: guard.fetch,
  } as never)
  const config = testConfig({ providers: [provider], logger: log.logger, events: { signIn: ({ account }) => void (account && accounts.push(account)) } })
  return { browser: new Browser(config), accounts, log, escaped: guard.escaped }
}

describe("Yandex sign-in against the fake", () => {
  it("happy path: the session has display_name, default_email and the avatar built from default_avatar_id", async () => {
    const r = rig()
    const { callback, callbackUrl } = await roundTrip(r.browser, "yandex")
    expect(callbackUrl.searchParams.get("cid")).toBeTruthy()
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect((await sessionOf(r.browser))?.user).toEqual({
      name: "Ivan",
      email: "ivan.petrov@example.test",
      image: `https://avatars.yandex.net/get-yapic/${AVATAR_ID}/islands-200`,
    })
    expect(r.accounts[0]).toMatchObject({ provider: "yandex", type: "oauth", providerAccountId: "1000034426", token_type: "bearer", expires_in: 31536000 })
    expect(r.accounts[0]!.refresh_token).toMatch(/^1:/)
    expect(fake.requests.map((q) => `${q.method} ${q.path}`)).toEqual(["GET /oauth/authorize", "POST /oauth/token", "GET /login/info"])
    expect(r.escaped).toEqual([])
  })

  it("sends the authorization request: client id, callback, code, the three login: scopes, PKCE S256, no state", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "yandex")
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.url}/oauth/authorize`)
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      scope: "login:info login:email login:avatar",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    })
  })

  it("exchanges the code with HTTP Basic client authentication (the declared default) and the PKCE verifier", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "yandex")
    const [token] = fake.requestsTo("/oauth/token")
    expect(clientCredentials(token!)).toEqual({ method: "client_secret_basic", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })
    expect(token!.body).not.toHaveProperty("client_secret")
    expect(token!.body).toMatchObject({ grant_type: "authorization_code", code: expect.stringMatching(/^\d{7}$/), redirect_uri: CALLBACK })
    expect(s256(token!.body.code_verifier!)).toBe(authorizeUrl.searchParams.get("code_challenge"))
  })

  it("asks /info with Yandex's `Authorization: OAuth <token>` scheme (not Bearer), format=json, the token not in the URL", async () => {
    const r = rig()
    await roundTrip(r.browser, "yandex")
    const [info] = fake.requestsTo("/login/info")
    expect(info!.method).toBe("GET")
    expect(info!.headers.authorization).toBe(`OAuth ${r.accounts[0]!.access_token}`)
    expect(info!.query).toEqual({ format: "json" })
  })

  it("is_avatar_empty: no image, even though Yandex still names a default_avatar_id", async () => {
    fake.behaviour.user = { ...IVAN, is_avatar_empty: true, default_avatar_id: "0/0-0" }
    const r = rig()
    await roundTrip(r.browser, "yandex")
    expect((await sessionOf(r.browser))?.user?.image).toBeNull()
  })

  it("without default_email the first of emails is used; with neither, email is null", async () => {
    fake.behaviour.user = { ...IVAN, default_email: undefined }
    const first = rig()
    await roundTrip(first.browser, "yandex")
    expect((await sessionOf(first.browser))?.user?.email).toBe("ivan.petrov@example.test")

    fake.behaviour.user = { ...IVAN, default_email: undefined, emails: [] }
    const none = rig()
    const { callback } = await roundTrip(none.browser, "yandex")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect((await sessionOf(none.browser))?.user?.email).toBeNull()
  })

  it("a scope override without login:email / login:avatar: Yandex leaves those fields out, the session has neither", async () => {
    const r = rig({ authorization: { url: `${fake.url}/oauth/authorize`, params: { scope: "login:info" } } })
    const { authorizeUrl } = await roundTrip(r.browser, "yandex")
    expect(authorizeUrl.searchParams.get("scope")).toBe("login:info")
    expect((await sessionOf(r.browser))?.user).toEqual({ name: "Ivan", email: null, image: null })
  })

  it("without display_name the name is real_name", async () => {
    fake.behaviour.user = { ...IVAN, display_name: undefined }
    const r = rig()
    await roundTrip(r.browser, "yandex")
    expect((await sessionOf(r.browser))?.user?.name).toBe("Ivan Petrov")
  })
})

describe("Yandex sign-in failures", () => {
  it("a code Yandex never issued: 400 invalid_grant ends on the error page, no /info call", async () => {
    const r = rig()
    const { callback } = await roundTrip(r.browser, "yandex", (url) => url.searchParams.set("code", "9999999"))
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(fake.requestsTo("/oauth/token")).toHaveLength(1)
    expect(fake.requestsTo("/login/info")).toHaveLength(0)
    expect(r.accounts).toEqual([])
  })

  it("/info answering 401 ends on the error page, and the token appears in no log", async () => {
    fake.behaviour.revoke = true
    const r = rig()
    const { callback } = await roundTrip(r.browser, "yandex")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    const token = fake.requestsTo("/login/info")[0]!.headers.authorization!.replace(/^OAuth /, "")
    expect(r.log.text()).toContain("401")
    expect(r.log.text()).not.toContain(token)
  })

  it("denied consent ends on the sign-in page with OAuthCallbackError, and no token request is made", async () => {
    fake.behaviour.deny = true
    const r = rig()
    const { callback } = await roundTrip(r.browser, "yandex")
    expectRejected(callback, { page: "signin", error: "OAuthCallbackError", cleared: [PKCE_COOKIE] })
    expect(fake.requestsTo("/oauth/token")).toHaveLength(0)
  })
})
