/**
 * The built-in email transports: Nodemailer against a real SMTP server on loopback (smtp-server), Resend through
 * the provider's fetch. Both send HTML and text that name the site, never the recipient's address.
 */
import { customFetch } from "@gatehousejs/core"
import { Nodemailer, Resend } from "@gatehousejs/core/providers"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SendVerificationRequestParams } from "@gatehousejs/core"

const url = "https://app.example/auth/callback/nodemailer?callbackUrl=%2F&token=abc&email=x%40example.com"

function params(provider: SendVerificationRequestParams["provider"]): SendVerificationRequestParams {
  return {
    identifier: "reader@example.com",
    url,
    expires: new Date(Date.now() + 600_000),
    provider,
    token: "abc",
    theme: { brandColor: "#ff0000", buttonText: "#ffffff" },
    request: new Request("https://app.example/auth/signin/nodemailer", { method: "POST" }),
  }
}

describe("Nodemailer", () => {
  const received: { to: string[]; raw: string }[] = []
  let server: SMTPServer
  let port = 0

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = ""
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("sends one mail to the address, with the link in HTML and text, from the configured sender", async () => {
    const provider = Nodemailer({ server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true }, from: "Sign in <no-reply@app.example>" })
    const resolved = { ...provider, ...provider.options } as SendVerificationRequestParams["provider"]
    await resolved.sendVerificationRequest(params(resolved))
    expect(received).toHaveLength(1)
    const mail = received[0]!
    expect(mail.to).toEqual(["reader@example.com"])
    expect(mail.raw).toContain("From: Sign in <no-reply@app.example>")
    expect(mail.raw).toContain("Subject: Sign in to app.example")
    expect(mail.raw).toContain("text/plain")
    expect(mail.raw).toContain("text/html")
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain("#ff0000")
  })

  it("a refused delivery is an error", async () => {
    const provider = Nodemailer({ server: { host: "127.0.0.1", port: 1, secure: false, connectionTimeout: 500 } })
    const resolved = { ...provider, ...provider.options } as SendVerificationRequestParams["provider"]
    await expect(resolved.sendVerificationRequest(params(resolved))).rejects.toThrow()
  })
})

describe("Resend", () => {
  it("POSTs the message with the API key through the provider's fetch", async () => {
    const calls: { url: string; init: RequestInit }[] = []
    const provider = Resend({ apiKey: "re_test", from: "Sign in <no-reply@app.example>" })
    const resolved = {
      ...provider,
      ...provider.options,
      [customFetch]: async (input: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(input), init: init! })
        return Response.json({ id: "1" })
      },
    } as SendVerificationRequestParams["provider"]
    await resolved.sendVerificationRequest(params(resolved))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe("https://api.resend.com/emails")
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer re_test")
    const body = JSON.parse(String(calls[0]!.init.body)) as { to: string; html: string; text: string; subject: string }
    expect(body.to).toBe("reader@example.com")
    expect(body.html).toContain("Sign in")
    expect(body.html).not.toContain("reader@example.com")
    expect(body.text).toContain(url)
  })

  it("a non-2xx answer is an error; a missing API key is a clear error", async () => {
    const resend = Resend({ apiKey: "k" })
    const failing = { ...resend, ...resend.options, [customFetch]: async () => new Response("no", { status: 422 }) } as SendVerificationRequestParams["provider"]
    await expect(failing.sendVerificationRequest(params(failing))).rejects.toThrow("422")
    const keyless = Resend({})
    await expect(keyless.sendVerificationRequest(params(keyless))).rejects.toThrow("API key")
  })
})
