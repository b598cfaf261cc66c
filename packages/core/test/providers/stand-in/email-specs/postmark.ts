/**
 * Postmark: https://postmarkapp.com/developer/user-guide/send-email-with-api (`POST /email`, the Server API token in
 * `X-Postmark-Server-Token`, JSON `From` (a display name allowed), `To`, `Subject`, `TextBody`, `HtmlBody`,
 * `MessageStream`; 200 `{ To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK" }`) and
 * https://postmarkapp.com/developer/api/overview#response-codes (422 `{ ErrorCode, Message }`).
 */
import Postmark from "@gatehousejs/core/providers/postmark"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

export default {
  name: "postmark",
  provider: Postmark,
  send: {
    url: "https://api.postmarkapp.com/email",
    method: "POST",
    auth: { header: "x-postmark-server-token", value: (key) => key },
    encoding: "json",
    expectBody: (body, { to, from }) => {
      expect(body).toMatchObject({ From: from, To: to, Subject: "Sign in to app.example", MessageStream: "outbound" })
    },
    parts: (body) => ({ text: body.TextBody, html: body.HtmlBody }),
  },
  accepted: {
    status: 200,
    body: { To: "reader@example.com", SubmittedAt: "2024-05-02T07:25:01.4178645-04:00", MessageID: "0a129aee-e1cd-480d-b08d-4f48548ff48d", ErrorCode: 0, Message: "OK" },
  },
  refused: {
    status: 422,
    body: { ErrorCode: 400, Message: "The 'From' address you supplied (no-reply@app.example) is not a Sender Signature on your account." },
    reason: "is not a Sender Signature on your account",
  },
  misconfigured: [{ options: { from: "" }, logged: "is not an address" }],
} satisfies EmailStandIn
