/**
 * Loops: https://loops.so/docs/api-reference/send-transactional-email (`POST https://app.loops.so/api/v1/transactional`,
 * Bearer API key, JSON `{ transactionalId, email, dataVariables }`; 200 `{ success: true }`; errors
 * `{ success: false, path, message }`) and https://loops.so/docs/transactional (the template's data variables).
 */
import Loops from "@gatehousejs/core/providers/loops"
import { expect } from "vitest"
import type { EmailStandIn } from "../email-harness.js"

export default {
  name: "loops",
  provider: Loops,
  options: { transactionalId: "clfq6dinn000yl70fgwwyp82l" },
  send: {
    url: "https://app.loops.so/api/v1/transactional",
    method: "POST",
    auth: { header: "authorization", value: (key) => `Bearer ${key}` },
    encoding: "json",
    expectBody: (body, { to }) => {
      expect(body).toMatchObject({ transactionalId: "clfq6dinn000yl70fgwwyp82l", email: to })
      expect(Object.keys(body.dataVariables as object)).toEqual(["url"])
    },
    parts: (body) => ({ url: (body.dataVariables as { url?: unknown }).url }),
  },
  accepted: { status: 200, body: { success: true } },
  refused: {
    status: 400,
    body: { success: false, path: "dataVariables", message: "Missing required fields: url" },
    reason: "Missing required fields: url",
  },
  misconfigured: [{ options: { transactionalId: undefined, apiKey: "stand-in-api-key-7f3c9a" }, logged: "needs transactionalId" }],
} satisfies EmailStandIn
