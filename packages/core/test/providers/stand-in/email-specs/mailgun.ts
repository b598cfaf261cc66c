/**
 * Mailgun: https://documentation.mailgun.com/docs/mailgun/api-reference/openapi-final/tag/Messages/
 * (`POST /v3/{domain_name}/messages` on `api.mailgun.net`, or `api.eu.mailgun.net` for EU domains; Basic auth with
 * user `api` and the API key; `multipart/form-data` with `from`, `to`, `subject`, `text`, `html`; 200
 * `{ id, message: "Queued. Thank you." }`; errors `{ message }`).
 */
import Mailgun from "@gatehousejs/core/providers/mailgun"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

const send = (url: string): EmailStandIn["send"] => ({
  url,
  method: "POST",
  auth: { header: "authorization", value: (key) => `Basic ${Buffer.from(`api:${key}`).toString("base64")}` },
  encoding: "multipart",
  expectBody: (body, { to, from }) => {
    expect(body).toMatchObject({ from, to, subject: "Sign in to app.example" })
  },
  parts: (body) => ({ text: body.text, html: body.html }),
})

const accepted = { status: 200, body: { id: "<20240502172539.1.7C0E4F35A1C3D2E1@mg.app.example>", message: "Queued. Thank you." } }
const refused = { status: 400, body: { message: "'to' parameter is not a valid address. please check documentation" }, reason: "'to' parameter is not a valid address" }

export default [
  {
    name: "mailgun",
    provider: Mailgun,
    from: "Sign in <no-reply@mg.app.example>",
    send: send("https://api.mailgun.net/v3/mg.app.example/messages"),
    accepted,
    refused,
    misconfigured: [{ options: { from: "no-reply" }, logged: "is not an address" }],
  },
  {
    name: "mailgun (EU region, a sending domain apart from the sender's)",
    provider: Mailgun,
    options: { region: "EU", domain: "mg.app.example" },
    send: send("https://api.eu.mailgun.net/v3/mg.app.example/messages"),
    accepted,
    refused: { status: 401, body: "Forbidden", reason: "Forbidden" },
  },
] satisfies EmailStandIn[]
