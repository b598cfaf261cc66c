/**
 * Test helpers for the Redis adapter: a client on `REDIS_URL`, a random key prefix per test file, its cleanup
 * (SCAN + DEL of that prefix only — never FLUSHALL: the server may be shared), and direct reads of the store that
 * bypass the adapter's own decoding.
 */
import { randomUUID } from "node:crypto"
import { REDIS_URL, type StoreReader } from "@gatehousejs/adapter-test"
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import type { AdapterPassword, SessionMetadata } from "@gatehousejs/core/adapters"
import { Redis } from "ioredis"

export function newClient(): Redis {
  // Fail fast instead of queueing while disconnected: the outage tests expect an error, not a wait.
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
}

/** A prefix no other run uses, e.g. `gatehouse-test:3f2a…:`. */
export function testPrefix(): string {
  return `gatehouse-test:${randomUUID()}:`
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = "0"
  do {
    const [next, found] = await client.scan(cursor, "MATCH", `${globEscape(prefix)}*`, "COUNT", 500)
    if (found.length) await client.del(...found)
    cursor = next
  } while (cursor !== "0")
}

/** Every key under `prefix`. */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const out: string[] = []
  let cursor = "0"
  do {
    const [next, found] = await client.scan(cursor, "MATCH", `${globEscape(prefix)}*`, "COUNT", 500)
    out.push(...found)
    cursor = next
  } while (cursor !== "0")
  return out
}

function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&")
}

/**
 * Reads straight from Redis with the documented key layout, parsing the JSON here (not with the adapter's codec), so
 * the conformance suite checks what was really written.
 */
export function storeReader(client: Redis, prefix: string): StoreReader {
  const read = async (key: string): Promise<Record<string, unknown> | null> => {
    const text = await client.get(key)
    return text === null ? null : (JSON.parse(text) as Record<string, unknown>)
  }
  const date = (value: unknown): Date | null => (typeof value === "string" ? new Date(value) : null)
  return {
    async user(id): Promise<AdapterUser | null> {
      const stored = await read(`${prefix}user:${id}`)
      return stored && ({ ...stored, emailVerified: date(stored.emailVerified) } as AdapterUser)
    },
    async account({ provider, providerAccountId }): Promise<AdapterAccount | null> {
      const stored = await read(`${prefix}account:${provider}:${providerAccountId}`)
      return stored as unknown as AdapterAccount | null
    },
    async session(sessionToken): Promise<AdapterSession | null> {
      const stored = await read(`${prefix}session:${sessionToken}`)
      return stored && ({ ...stored, expires: date(stored.expires) } as unknown as AdapterSession)
    },
    async sessionMetadata(sessionToken): Promise<Partial<SessionMetadata> | null> {
      // The session registry's metadata is a key of its own, its dates ISO strings too.
      const stored = await read(`${prefix}session-metadata:${sessionToken}`)
      return stored && { ...stored, createdAt: date(stored.createdAt), lastActiveAt: date(stored.lastActiveAt) }
    },
    async verificationToken({ identifier, token }): Promise<VerificationToken | null> {
      const stored = await read(`${prefix}verification-token:${identifier}:${token}`)
      return stored && ({ ...stored, expires: date(stored.expires) } as VerificationToken)
    },
    async authenticator(credentialID): Promise<AdapterAuthenticator | null> {
      return (await read(`${prefix}authenticator:${credentialID}`)) as AdapterAuthenticator | null
    },
    async password(userId): Promise<AdapterPassword | null> {
      // The Password provider's record is a key of its own beside the user's, its date an ISO string.
      const stored = await read(`${prefix}user-password:${userId}`)
      return stored && ({ ...stored, updatedAt: date(stored.updatedAt) } as AdapterPassword)
    },
  }
}

/** The names of the commands `client` sent while `fn` ran (ioredis funnels every command through `sendCommand`). */
export async function commandsSentDuring(client: Redis, fn: () => unknown): Promise<string[]> {
  const sent: string[] = []
  const original = client.sendCommand
  client.sendCommand = function (this: Redis, ...args: Parameters<Redis["sendCommand"]>) {
    sent.push(args[0].name)
    return original.apply(this, args)
  }
  try {
    await fn()
  } finally {
    client.sendCommand = original
  }
  return sent
}
