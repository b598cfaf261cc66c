/**
 * Gatehouse itself on a third-party adapter, driven as a browser drives an app: database sessions (sign in,
 * `GET /session`, sign out), e-mail sign-in (the magic link works once) and account linking (an OAuth sign-in with the
 * address of an existing e-mail user is refused unless the provider allows dangerous e-mail linking). The OAuth
 * sign-ins go to a real OpenID Provider on loopback (core's test OP, oidc-provider).
 */
import { createHash, randomUUID } from "node:crypto"
import type { Adapter, AdapterUser, AuthConfig, SendVerificationRequestParams } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { BASE, Browser, ORIGIN, SECRET, testConfig } from "../../../core/test/helpers/auth.js"
import { deliver, startSignIn } from "../../../core/test/oauth/flow.js"
import { TestOp } from "../../../core/test/oauth/op.js"
import { recordingLogger } from "../../../core/test/security/helpers.js"
import type { StoreReader } from "../../src/index.js"

const SESSION_COOKIE = "__Secure-authjs.session-token"
const TEST_TIMEOUT_MS = 30_000

export interface FlowTarget {
  /** Shown in the test names, e.g. "@auth/drizzle-adapter on PostgreSQL". */
  name: string
  /** The adapter as an app configures it; ready once the file's setup has run. */
  adapter: () => Adapter
  /** Direct reads of the store, to check what Gatehouse made the adapter write. */
  db: StoreReader
}

interface App {
  config: AuthConfig
  outbox: SendVerificationRequestParams[]
  log: ReturnType<typeof recordingLogger>
}

/** A path under `BASE` from an absolute link, as the browser requests it. */
function pathOf(url: string): string {
  const link = new URL(url)
  return `${link.pathname.slice(BASE.length)}${link.search}`
}

function uniqueEmail(): string {
  return `wild-${randomUUID()}@example.com`
}

export function gatehouseFlowTests(target: FlowTarget): void {
  describe.sequential(`Gatehouse on ${target.name}`, () => {
    let op: TestOp
    beforeAll(async () => {
      op = await TestOp.start()
    })
    afterAll(async () => {
      await op.close()
    })
    // A magic link is built from the configured origin only, as in a deployment.
    beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}${BASE}`))
    afterEach(() => vi.unstubAllEnvs())

    /** An app on the adapter: e-mail sign-in (mails land in `outbox`) and the test OP as provider `op`. */
    function app(options: { allowDangerousEmailAccountLinking?: boolean } = {}): App {
      const outbox: SendVerificationRequestParams[] = []
      const log = recordingLogger()
      const config = testConfig({
        adapter: target.adapter(),
        logger: log.logger,
        providers: [
          Email({ sendVerificationRequest: async (params) => void outbox.push(params) }),
          op.gatehouseProvider({ allowDangerousEmailAccountLinking: options.allowDangerousEmailAccountLinking ?? false }),
        ],
      })
      return { config, outbox, log }
    }

    /** An account at the OP with `email`, logged in at the next authorization. Returns its `sub`. */
    function opUser(email: string): string {
      const sub = `op-${randomUUID()}`
      op.addAccount({ sub, email, name: "Wild OP User", picture: "https://img.example/wild.png" })
      op.loginAs = sub
      return sub
    }

    /** A complete OAuth sign-in at the OP in `browser`: the callback's response. */
    async function oauthSignIn(browser: Browser): Promise<Response> {
      const { authorizationUrl } = await startSignIn(browser, "op")
      expect(authorizationUrl, "the sign-in redirects to the OP").toBeDefined()
      return deliver(browser, await op.authorize(authorizationUrl!))
    }

    /** Asks for a magic link for `email`; returns the link's path. */
    async function requestLink({ config, outbox }: App, email: string): Promise<string> {
      const browser = new Browser(config)
      const csrfToken = await browser.csrfToken()
      const response = await browser.request("/signin/email", { body: { email, csrfToken, callbackUrl: "/welcome" } })
      expect(response.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=email&type=email`)
      const mail = outbox.find((sent) => sent.identifier === email)
      expect(mail, `a mail to ${email}`).toBeDefined()
      return pathOf(mail!.url)
    }

    /** A user who signed up with a magic link, as the adapter now holds them. */
    async function emailUser(site: App, email: string): Promise<AdapterUser> {
      const response = await new Browser(site.config).request(await requestLink(site, email))
      expect(response.headers.get("location"), site.log.text()).toBe(`${ORIGIN}/welcome`)
      const user = await target.adapter().getUserByEmail!(email)
      expect(user, "the e-mail user").not.toBeNull()
      return user!
    }

    it("database sessions: signing in stores a session row, GET /session answers from it, signing out deletes it", async () => {
      const { config, log } = app()
      const email = uniqueEmail()
      opUser(email)
      const browser = new Browser(config)
      const callback = await oauthSignIn(browser)
      expect(callback.headers.get("location"), log.text()).toBe(`${ORIGIN}/dashboard`)

      const sessionToken = browser.jar.get(SESSION_COOKIE)
      expect(sessionToken, "the session cookie").toBeDefined()
      const stored = await target.db.session(sessionToken!)
      expect(stored, "the session row").not.toBeNull()
      const owner = await target.db.user(String(stored!.userId))
      expect(owner?.email).toBe(email)
      expect(await browser.session()).toEqual({
        user: { name: "Wild OP User", email, image: "https://img.example/wild.png" },
        expires: stored!.expires.toISOString(),
      })

      const csrfToken = await browser.csrfToken()
      const signedOut = await browser.request("/signout", { body: { csrfToken, callbackUrl: "/bye" } })
      expect(signedOut.headers.get("location")).toBe(`${ORIGIN}/bye`)
      expect(browser.jar.has(SESSION_COOKIE), "the session cookie after sign-out").toBe(false)
      expect(await target.db.session(sessionToken!), "the session row after sign-out").toBeNull()
      // The old token, replayed, no longer opens a session.
      const replay = await new Browser(config).request("/session", { headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` } })
      expect(await replay.json()).toBeNull()
      expect(log.entries.filter((entry) => entry.level === "error"), log.text()).toEqual([])
    }, TEST_TIMEOUT_MS)

    it("e-mail sign-in: the magic link signs in a new user with a verified address, once; its second use is refused", async () => {
      const site = app()
      const email = uniqueEmail()
      const link = await requestLink(site, email)
      // The store holds sha256(token + secret), never the token of the link.
      const token = new URL(link, ORIGIN).searchParams.get("token")!
      const hashed = { identifier: email, token: createHash("sha256").update(`${token}${SECRET}`).digest("hex") }
      expect(await target.db.verificationToken(hashed), "the stored verification token").not.toBeNull()

      const browser = new Browser(site.config)
      const signedIn = await browser.request(link)
      expect(signedIn.headers.get("location"), site.log.text()).toBe(`${ORIGIN}/welcome`)
      expect(await browser.session()).toMatchObject({ user: { email } })
      const user = await target.adapter().getUserByEmail!(email)
      expect(user?.emailVerified, "emailVerified of the new user").toBeInstanceOf(Date)
      expect(await target.db.verificationToken(hashed), "the verification token after its use").toBeNull()

      const again = new Browser(site.config)
      const refused = await again.request(link)
      expect(refused.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=Verification`)
      expect(again.jar.has(SESSION_COOKIE)).toBe(false)
    }, TEST_TIMEOUT_MS)

    it("account linking: an OAuth sign-in with an e-mail user's address is OAuthAccountNotLinked, and nothing is linked", async () => {
      const site = app()
      const email = uniqueEmail()
      await emailUser(site, email)
      const sub = opUser(email)
      const browser = new Browser(site.config)
      const response = await oauthSignIn(browser)
      expect(response.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=OAuthAccountNotLinked`)
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
      expect(await target.db.account({ provider: "op", providerAccountId: sub }), "a linked account").toBeNull()
    }, TEST_TIMEOUT_MS)

    it("account linking: with allowDangerousEmailAccountLinking the OAuth account is linked to the e-mail user, who is signed in", async () => {
      const site = app({ allowDangerousEmailAccountLinking: true })
      const email = uniqueEmail()
      const user = await emailUser(site, email)
      const sub = opUser(email)
      const browser = new Browser(site.config)
      const response = await oauthSignIn(browser)
      expect(response.headers.get("location"), site.log.text()).toBe(`${ORIGIN}/dashboard`)
      expect(await browser.session()).toMatchObject({ user: { email } })

      const account = await target.db.account({ provider: "op", providerAccountId: sub })
      expect(account, "the linked account").toMatchObject({ type: "oidc", token_type: "bearer" })
      expect(String(account!.userId), "the account's user").toBe(String(user.id))
      expect(typeof account!.access_token).toBe("string")
      expect(String((await target.adapter().getUserByAccount!({ provider: "op", providerAccountId: sub }))?.id)).toBe(String(user.id))
    }, TEST_TIMEOUT_MS)
  })
}
