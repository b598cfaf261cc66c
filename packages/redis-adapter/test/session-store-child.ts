/**
 * The second process of the session-store contract's two-process test (session-store.test.ts): its own client on the
 * same server and prefix, answering the parent's calls.
 */
import { Redis } from "ioredis"
import { runSessionStoreChild } from "../../adapter-test/src/session-store.js"
import { RedisSessionStore } from "../src/session-store.js"

const client = new Redis(process.env.SS_REDIS_URL!, { maxRetriesPerRequest: 1 })
// Connected before the parent's first call.
await runSessionStoreChild(RedisSessionStore(client, { prefix: process.env.SS_PREFIX! }), () => client.ping(), () => client.quit())
