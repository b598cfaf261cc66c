/**
 * RT-04: DNS rebinding. A page of another site that makes its own name resolve to 127.0.0.1 reaches the demo with that
 * name in `Host`: the demo and the Demo IdP answer 421 to it, so no outbox, no page, no IdP. Their own names
 * (`localhost`, `127.0.0.1`, `[::1]` on their port, and the host of AUTH_URL) work as before.
 */
import { request } from "node:http"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { start } from "../src/app.js"

interface Running {
  url: string
  idp?: { issuer: string }
  close: () => Promise<void>
}

const silentLogger = { error: () => {}, warn: () => {}, debug: () => {} }

/** A GET to `url`'s address with any `Host` header (fetch would not send a foreign one). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; type?: string; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    request({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port, path, headers: { host } }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body }))
    })
      .on("error", reject)
      .end()
  })
}

describe("RT-04 the demo and the Demo IdP answer only for their own host names", () => {
  let app: Running
  let port: string
  let idpPort: string

  beforeAll(async () => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", "")
    app = (await start({ port: 0, idp: { port: 0 }, database: ":memory:", logger: silentLogger })) as Running
    port = new URL(app.url).port
    idpPort = new URL(app.idp!.issuer).port
  })
  afterAll(async () => {
    await app?.close()
    vi.unstubAllEnvs()
  })

  it.each(["/outbox", "/", "/auth/signin", "/auth/csrf", "/check-email"])("RT-04 %s with Host: evil.example is 421 with a short plain body", async (path) => {
    const answer = await getWithHost(app.url, path, `evil.example:${port}`)
    expect(answer.status).toBe(421)
    expect(answer.type).toMatch(/^text\/plain/)
    expect(answer.body.length).toBeLessThan(200)
    expect(answer.body).not.toContain("evil.example")
    expect(answer.body).not.toMatch(/token=|<a /)
  })

  it("RT-04 a rebound name on the right port, a bare name and a loopback name on another port are refused alike", async () => {
    for (const host of [`attacker.example:${port}`, "evil.example", `localhost:${Number(port) + 1}`, `127.0.0.2:${port}`]) {
      expect((await getWithHost(app.url, "/outbox", host)).status).toBe(421)
    }
  })

  it.each(["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])("RT-04 %s on the demo's port is answered", async (name) => {
    const answer = await getWithHost(app.url, "/outbox", `${name}:${port}`)
    expect(answer.status).toBe(200)
  })

  it("RT-04 the Demo IdP refuses a foreign Host and answers its own", async () => {
    const foreign = await getWithHost(app.idp!.issuer, "/.well-known/openid-configuration", `evil.example:${idpPort}`)
    expect(foreign.status).toBe(421)
    expect(foreign.body).not.toContain("issuer")
    const own = await getWithHost(app.idp!.issuer, "/.well-known/openid-configuration", `127.0.0.1:${idpPort}`)
    expect(own.status).toBe(200)
    expect(JSON.parse(own.body)).toMatchObject({ issuer: app.idp!.issuer })
  })
})

describe("RT-04 with AUTH_URL set, its host is the demo's too", () => {
  afterEach(() => vi.unstubAllEnvs())

  it("RT-04 Host: demo.example is answered when AUTH_URL names it; other names still are not", async () => {
    vi.stubEnv("AUTH_URL", "https://demo.example/auth")
    const app = (await start({ port: 0, idp: false, database: ":memory:", logger: silentLogger })) as Running
    try {
      expect((await getWithHost(app.url, "/outbox", "demo.example")).status).toBe(200)
      expect((await getWithHost(app.url, "/outbox", "evil.example")).status).toBe(421)
    } finally {
      await app.close()
    }
  })
})

describe("RT-02 the demo builds e-mail links from its listening URL", () => {
  afterEach(() => vi.unstubAllEnvs())

  it("RT-02 setAuthUrl (npm start) sets AUTH_URL to the listening URL when none is set, and leaves a set one alone", async () => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", "")
    const app = (await start({ port: 0, idp: false, database: ":memory:", setAuthUrl: true, logger: silentLogger })) as Running
    try {
      expect(process.env.AUTH_URL).toBe(`${app.url}/auth`)
    } finally {
      await app.close()
    }
    vi.stubEnv("AUTH_URL", "https://demo.example/auth")
    const other = (await start({ port: 0, idp: false, database: ":memory:", setAuthUrl: true, logger: silentLogger })) as Running
    try {
      expect(process.env.AUTH_URL).toBe("https://demo.example/auth")
    } finally {
      await other.close()
    }
  })
})
