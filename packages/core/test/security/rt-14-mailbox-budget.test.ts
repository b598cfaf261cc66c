/**
 * Security catalog RT-14: one mailbox, one e-mail budget. Sign-in mails for `victim+1@…` … `victim+30@…` reach one
 * inbox, so they spend one per-address budget (by default 3 mails per 10 minutes), however many clients ask; on Gmail
 * dots and `googlemail.com` are folded too. Only the budget is shared: each spelling is still its own address for the
 * link and the user. The canonicalisation itself is unit-tested in test/rate-limit/mailbox.test.ts.
 */
import { memoryStore as rateLimitMemoryStore, type AuthConfig, type SendVerificationRequestParams } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../email/memory-store.js"
import { Browser, testConfig } from "../helpers/auth.js"

const LOCAL = "http://localhost:3000"
/** The per-address budget's first window: 3 mails per 10 minutes (docs/rate-limits.md). */
const PER_ADDRESS = 3
const CLIENTS = ["192.0.2.1", "198.51.100.2", "203.0.113.3"]

function setup(): { config: AuthConfig; outbox: SendVerificationRequestParams[] } {
  const outbox: SendVerificationRequestParams[] = []
  const config = testConfig({
    adapter: memoryStore(),
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    providers: [Email({ sendVerificationRequest: (params) => void outbox.push(params) })],
    rateLimit: { store: rateLimitMemoryStore() },
  })
  return { config, outbox }
}

/** Asks for a sign-in link for each address in turn, from the three clients in rotation; the answers in order. */
async function requestLinks(config: AuthConfig, addresses: string[]): Promise<Response[]> {
  const clients = await Promise.all(
    CLIENTS.map(async (peer) => {
      const browser = new Browser(config, LOCAL)
      browser.peer = peer
      return { browser, csrfToken: await browser.csrfToken() }
    }),
  )
  const answers: Response[] = []
  for (const [i, email] of addresses.entries()) {
    const { browser, csrfToken } = clients[i % clients.length]!
    answers.push(await browser.request("/signin/email", { body: { email, csrfToken, callbackUrl: "/welcome" }, headers: { "x-auth-return-redirect": "1" } }))
  }
  return answers
}

async function expectRefusals(answers: Response[]): Promise<void> {
  const refused = answers.filter((answer) => answer.status === 429)
  expect(refused).toHaveLength(answers.length - PER_ADDRESS)
  for (const answer of refused) {
    const retryAfter = Number(answer.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await answer.json()).toEqual({ error: "TooManyRequests", retryAfter })
  }
}

beforeEach(() => {
  vi.stubEnv("AUTH_URL", "")
  vi.stubEnv("NEXTAUTH_URL", "")
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe("RT-14 one mailbox, one e-mail budget", () => {
  it("RT-14 victim+1@… to victim+30@… from three clients: the mailbox gets 3 mails, the rest are 429 with Retry-After", async () => {
    const { config, outbox } = setup()
    const addresses = Array.from({ length: 30 }, (_, i) => `victim+${i + 1}@example.com`)
    const answers = await requestLinks(config, addresses)
    expect(outbox).toHaveLength(PER_ADDRESS)
    await expectRefusals(answers)
    // The budget is shared; each mail still goes to the address as asked, the link names it.
    expect(outbox.map((mail) => mail.identifier)).toEqual(addresses.slice(0, PER_ADDRESS))
    for (const mail of outbox) expect(new URL(mail.url).searchParams.get("email")).toBe(mail.identifier)
  })

  it("RT-14 the bare address shares the budget its tagged spellings spent", async () => {
    const { config, outbox } = setup()
    const answers = await requestLinks(config, ["victim+a@example.com", "Victim+B@Example.com", "victim+c@example.com", "victim@example.com"])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(outbox).toHaveLength(PER_ADDRESS)
  })

  it("RT-14 on Gmail, dots, +tags and googlemail.com are one mailbox", async () => {
    const { config, outbox } = setup()
    const spellings = ["victim@gmail.com", "v.i.c.t.i.m@gmail.com", "victim+x@googlemail.com", "Vic.Tim+y@GoogleMail.com", "victim.@gmail.com", "v.ictim+z@gmail.com"]
    const answers = await requestLinks(config, spellings)
    expect(outbox).toHaveLength(PER_ADDRESS)
    await expectRefusals(answers)
  })

  it("RT-14 other mailboxes keep budgets of their own: dots outside Gmail, another local part, another domain", async () => {
    const { config, outbox } = setup()
    const others = ["vic.tim@example.com", "victim2@example.com", "victim@example.org", "victim@gmail.co"]
    const answers = await requestLinks(config, ["victim+1@example.com", "victim+2@example.com", "victim+3@example.com", ...others])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200])
    expect(outbox).toHaveLength(3 + others.length)
  })
})
