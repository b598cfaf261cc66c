/**
 * RT-02 through Express: the host Express sees (`Host`, or `X-Forwarded-Host` under `trust proxy`) never becomes the
 * host of a magic link. With AUTH_URL the link points there; without it, only a loopback host is used (development),
 * anything else is refused as a configuration error. RT-09: a burst for one address sends its budget (3 mails), the rest are 429.
 */
import { request } from "node:http"
import type { SendVerificationRequestParams } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { ExpressAuth } from "@gatehousejs/express"
import type { Express } from "express"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../../core/test/email/memory-store.js"
import { expressVersions, startApp, testConfig, type RunningApp } from "./helpers/server.js"

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw HTTP request, so that `Host` can be anything. */
function send(app: RunningApp, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(app.url)
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, method, path, headers }, (res) => {
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (text += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
      .on("error", reject)
      .end(body)
  })
}

/** `POST /auth/signin/email` for `email`, after fetching a CSRF token with the same headers (they choose the cookie names). */
async function requestLink(app: RunningApp, email: string, headers: Record<string, string>): Promise<Answer> {
  const csrf = await send(app, "GET", "/auth/csrf", headers)
  const cookie = ((csrf.headers["set-cookie"] ?? []) as string[]).map((line) => line.split(";")[0]).join("; ")
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }
  const body = new URLSearchParams({ email, csrfToken, callbackUrl: "/welcome" }).toString()
  return send(app, "POST", "/auth/signin/email", { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" }, body)
}

let counter = 0
const unique = (name: string): string => `${name}-${++counter}@example.com`

beforeEach(() => {
  vi.stubEnv("AUTH_URL", "")
  vi.stubEnv("NEXTAUTH_URL", "")
})
afterEach(() => vi.unstubAllEnvs())

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors ?? []).toEqual([])
    app = undefined
  })

  /** An app with an email provider; `trustProxy` turns on Express's `trust proxy`. */
  async function start(trustProxy = false): Promise<{ app: RunningApp; outbox: SendVerificationRequestParams[] }> {
    const outbox: SendVerificationRequestParams[] = []
    const config = testConfig({ adapter: memoryStore(), providers: [Email({ sendVerificationRequest: (params) => void outbox.push(params) })] })
    app = await startApp(express, (server: Express) => {
      if (trustProxy) server.set("trust proxy", true)
      server.use("/auth", ExpressAuth(config).handlers)
    })
    return { app, outbox }
  }

  it("RT-02 Host: evil.example with no AUTH_URL: refused as a configuration error, no mail", async () => {
    const { app, outbox } = await start()
    const answer = await requestLink(app, unique("victim"), { host: "evil.example" })
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.location as string).searchParams.get("error")).toBe("Configuration")
    expect(outbox).toHaveLength(0)
  })

  it("RT-02 X-Forwarded-Host: evil.example under trust proxy, no AUTH_URL: refused, no mail", async () => {
    const { app, outbox } = await start(true)
    const forwarded = { host: new URL(app.url).host, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }
    const answer = await requestLink(app, unique("victim"), forwarded)
    expect(new URL(answer.headers.location as string).searchParams.get("error")).toBe("Configuration")
    expect(outbox).toHaveLength(0)
  })

  it.each([
    ["Host", { host: "evil.example" }],
    ["Forwarded", { forwarded: "host=evil.example;proto=https" }],
  ])("RT-02 %s naming evil.example with AUTH_URL set: the link points to AUTH_URL", async (_, headers) => {
    vi.stubEnv("AUTH_URL", "https://app.example/auth")
    const { app, outbox } = await start()
    await requestLink(app, unique("victim"), headers)
    expect(outbox).toHaveLength(1)
    expect(new URL(outbox[0]!.url).origin).toBe("https://app.example")
    expect(outbox[0]!.url).not.toContain("evil.example")
  })

  it("RT-02 a loopback host with no AUTH_URL (development) gets a working link to itself", async () => {
    const { app, outbox } = await start()
    const answer = await requestLink(app, unique("dev"), { host: new URL(app.url).host })
    expect(answer.headers.location).toBe(`${app.url}/auth/verify-request?provider=email&type=email`)
    expect(new URL(outbox[0]!.url).origin).toBe(app.url)
  })

  it("RT-09 ten requests for one address send 3 mails (its budget per 10 minutes); the others are 429 with Retry-After", async () => {
    const { app, outbox } = await start()
    const email = unique("burst")
    const headers = { host: new URL(app.url).host, "x-auth-return-redirect": "1" }
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestLink(app, email, headers)))
    expect(outbox).toHaveLength(3)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(7)
    for (const answer of refused) {
      expect(answer.headers["retry-after"]).toMatch(/^\d+$/)
      expect(JSON.parse(answer.body)).toEqual({ error: "TooManyRequests", retryAfter: Number(answer.headers["retry-after"]) })
    }
  })
})
