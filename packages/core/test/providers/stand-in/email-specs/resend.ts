/**
 * Resend: https://resend.com/docs/api-reference/emails/send-email (`POST /emails`, Bearer API key, JSON `from` (a
 * display name allowed), `to`, `subject`, `html`, `text`; 200 `{ id }`) and
 * https://resend.com/docs/api-reference/errors (`{ statusCode, message, name }`, 403 `validation_error` for an
 * unverified sending domain).
 */
import Resend from "@gatehousejs/core/providers/resend"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

export default {
  name: "resend",
  provider: Resend,
  send: {
    url: "https://api.resend.com/emails",
    method: "POST",
    auth: { header: "authorization", value: (key) => `Bearer ${key}` },
    encoding: "json",
    expectBody: (body, { to, from }) => {
      expect(body).toMatchObject({ from, to, subject: "Sign in to app.example" })
    },
    parts: (body) => ({ text: body.text, html: body.html }),
  },
  accepted: { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } },
  refused: {
    status: 403,
    body: { statusCode: 403, message: "The app.example domain is not verified.", name: "validation_error" },
    reason: "The app.example domain is not verified.",
  },
  misconfigured: [{ options: { from: "Sign in no-reply@app.example" }, logged: "is not an address" }],
} satisfies EmailStandIn
