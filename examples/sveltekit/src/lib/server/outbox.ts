/**
 * The example's "mail": the demo's outbox (examples/demo/src/outbox.js), which keeps each sign-in e-mail in memory
 * for the `/outbox` page instead of sending it, so that a magic link can be clicked with no mail server. Anyone who
 * can open `/outbox` can sign in as anyone: fine on a loopback demo, never in a real app.
 */
import { createOutbox } from "../../../../demo/src/outbox.js"
import type { SendVerificationRequestParams } from "@gatehousejs/core/providers/email"

export interface OutboxMessage {
  id: string
  to: string
  link: string
  expires: Date
}

export const outbox: {
  sendVerificationRequest: (params: SendVerificationRequestParams) => Promise<void>
  list: () => OutboxMessage[]
} = createOutbox()
