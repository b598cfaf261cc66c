/**
 * Forward Email: https://forwardemail.net/en/email-api#create-outbound-smtp-email (`POST /v1/emails`; the API token as
 * the Basic user name with an empty password, https://forwardemail.net/en/email-api#authentication; Nodemailer's
 * message fields `from`, `to`, `subject`, `text`, `html`; the answer is the queued e-mail object; errors
 * `{ statusCode, error, message }`).
 */
import ForwardEmail from "@gatehousejs/core/providers/forwardemail"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

export default {
  name: "forwardemail",
  provider: ForwardEmail,
  send: {
    url: "https://api.forwardemail.net/v1/emails",
    method: "POST",
    auth: { header: "authorization", value: (key) => `Basic ${Buffer.from(`${key}:`).toString("base64")}` },
    encoding: "json",
    expectBody: (body, { to, from }) => {
      expect(body).toMatchObject({ from, to, subject: "Sign in to app.example" })
    },
    parts: (body) => ({ text: body.text, html: body.html }),
  },
  accepted: {
    status: 200,
    body: {
      id: "663384e1c1d8d3a8a1c5e6b2",
      object: "email",
      status: "queued",
      alias: "663384e1c1d8d3a8a1c5e6b0",
      domain: "663384e1c1d8d3a8a1c5e6af",
      envelope: { from: "no-reply@app.example", to: ["reader@example.com"] },
      messageId: "<0d4a6b1e-1f1c-4b0e-9a7e-2c6f0f6f2d1a@app.example>",
      created_at: "2024-05-02T12:00:00.000Z",
      updated_at: "2024-05-02T12:00:00.000Z",
    },
  },
  refused: {
    status: 400,
    body: { statusCode: 400, error: "Bad Request", message: "Domain does not have outbound SMTP access enabled." },
    reason: "Domain does not have outbound SMTP access enabled.",
  },
} satisfies EmailStandIn
