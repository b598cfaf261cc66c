// The slice of `oidc-provider` (v9, shipped without types) that the test OP harness uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http"

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown> & { client_id: string; scope?: string }
    session?: { accountId?: string }
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>)
    readonly Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
