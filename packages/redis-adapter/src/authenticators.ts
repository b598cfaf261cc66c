// The WebAuthn authenticator methods of the Redis adapter: register, read, list by user, update the counter.
import type { AdapterAuthenticator } from "@gatehousejs/core"
import type { Redis } from "ioredis"
import { decodeAuthenticator, encode } from "./codec.js"
import type { RedisAdapterInstance } from "./instance.js"
import type { Keys } from "./keys.js"
import { asText, expectOk, fail, MAX_CAS_ATTEMPTS } from "./replies.js"
import { COMPARE_AND_SET, CREATE_AUTHENTICATOR, LIST_AUTHENTICATORS, type Script } from "./scripts.js"

type Run = (s: Script, keys: string[], args: (string | number)[]) => Promise<unknown>
type AuthenticatorMethods = Pick<RedisAdapterInstance, "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter">

/** The authenticator methods over `keys`, the adapter's `client` and its script runner. */
export function authenticatorMethods(client: Redis, keys: Keys, run: Run): AuthenticatorMethods {
  const { stems } = keys
  return {
  async createAuthenticator(authenticator: AdapterAuthenticator): Promise<AdapterAuthenticator> {
    const { credentialID, userId } = authenticator
    const reply = await run(
      CREATE_AUTHENTICATOR,
      [
        keys.authenticator(credentialID),
        keys.authenticatorsByUser(userId),
        keys.user(userId),
        keys.authenticatorOrderByUser(userId),
      ],
      [encode(authenticator), credentialID],
    )
    expectOk(reply, "createAuthenticator")
    return authenticator
  },

  async getAuthenticator(credentialID: string): Promise<AdapterAuthenticator | null> {
    const text = await client.get(keys.authenticator(credentialID))
    return text === null ? null : decodeAuthenticator(text)
  },

  async listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]> {
    const reply = await run(LIST_AUTHENTICATORS, [keys.authenticatorsByUser(userId), keys.authenticatorOrderByUser(userId)], [stems.authenticator])
    if (!Array.isArray(reply)) return []
    return reply.map(asText).filter((text): text is string => text !== null).map(decodeAuthenticator)
  },

  /** Compare-and-set of the counter, so a concurrent write is never lost; throws for an unknown credential. */
  async updateAuthenticatorCounter(credentialID: string, newCounter: number): Promise<AdapterAuthenticator> {
    const key = keys.authenticator(credentialID)
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const current = await client.get(key)
      if (current === null) fail("AuthenticatorNotFound", "updateAuthenticatorCounter")
      const next = encode({ ...decodeAuthenticator(current), counter: newCounter })
      const reply = await run(COMPARE_AND_SET, [key], [current, next])
      if (reply === "Missing") fail("AuthenticatorNotFound", "updateAuthenticatorCounter")
      if (reply === "OK") return decodeAuthenticator(next)
    }
    return fail("ConcurrentUpdate", "updateAuthenticatorCounter")
  },
  }
}
