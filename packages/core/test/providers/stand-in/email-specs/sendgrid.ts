/**
 * SendGrid: https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send (`POST /v3/mail/send`, Bearer API
 * key, JSON with `personalizations[].to[]`, `from: { email, name }`, `subject`, `content[]` with `text/plain` first;
 * `202 Accepted` with no body; errors `{ errors: [{ message, field, help }] }`).
 */
import SendGrid from "@gatehousejs/core/providers/sendgrid"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

const send: EmailStandIn["send"] = {
  url: "https://api.sendgrid.com/v3/mail/send",
  method: "POST",
  auth: { header: "authorization", value: (key) => `Bearer ${key}` },
  encoding: "json",
  expectBody: (body, { to }) => {
    expect(body.personalizations).toEqual([{ to: [{ email: to }] }])
    expect(body.subject).toBe("Sign in to app.example")
    expect((body.content as { type: string }[]).map((part) => part.type)).toEqual(["text/plain", "text/html"])
  },
  parts: (body) => {
    const content = body.content as { type: string; value: string }[]
    return { text: content[0]?.value, html: content[1]?.value }
  },
}

const refused = {
  status: 403,
  body: { errors: [{ message: "The from address does not match a verified Sender Identity.", field: "from", help: null }] },
  reason: "The from address does not match a verified Sender Identity.",
}

export default [
  {
    name: "sendgrid",
    provider: SendGrid,
    send: {
      ...send,
      expectBody: (body, mail) => {
        send.expectBody(body, mail)
        // "Sign in <no-reply@app.example>" is split: SendGrid refuses a display name inside `email`.
        expect(body.from).toEqual({ email: "no-reply@app.example", name: "Sign in" })
      },
    },
    accepted: { status: 202 },
    refused,
    misconfigured: [{ options: { from: "Sign in no-reply@app.example" }, logged: "is not an address" }],
  },
  {
    name: "sendgrid (a bare sender address)",
    provider: SendGrid,
    from: "no-reply@app.example",
    send: {
      ...send,
      expectBody: (body, mail) => {
        send.expectBody(body, mail)
        expect(body.from).toEqual({ email: "no-reply@app.example" })
      },
    },
    accepted: { status: 202 },
    refused,
  },
] satisfies EmailStandIn[]
