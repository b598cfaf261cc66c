/**
 * Settings shared by the driver (`run.js`) and the app (`app.js`). Durations come from the environment so a quick
 * local run (`SOAK_SECONDS=5 npm run soak`) and the CI run use the same code.
 */
import { availableParallelism } from "node:os"

const env = process.env

export const SECRET = "gatehouse-soak-secret-that-is-long-enough-0123456789"
export const PG_URL = env.SOAK_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test"
export const PG_SCHEMA = "gatehouse_soak"
export const REDIS_URL = env.SOAK_REDIS_URL ?? "redis://127.0.0.1:6379"
export const REDIS_PREFIX = "gatehouse-soak:"
export const SOAK_USER = { id: "soak-user-1", username: "soak", password: "soak password 0123", name: "Soak User", email: "soak@soak.example" }

/** Seconds of sustained `/session` load per store. */
export const LOAD_SECONDS = Number(env.SOAK_SECONDS ?? 30)
/** Requests in flight during the load phase (keep-alive connections). */
export const CONCURRENCY = Number(env.SOAK_CONCURRENCY ?? 8)
/** Seconds between memory samples, and the warm-up before the first one. */
export const SAMPLE_SECONDS = Number(env.SOAK_SAMPLE_SECONDS ?? 5)
/** Sessions written before an outage, all of which must be valid after it (PostgreSQL). */
export const OUTAGE_SESSIONS = Number(env.SOAK_OUTAGE_SESSIONS ?? 25)
/** Seconds a store stays down once its stop command returned. */
export const OUTAGE_SECONDS = Number(env.SOAK_OUTAGE_SECONDS ?? 6)
/** Rounds of parallel updates racing a sign-out, per store, and updates per round. */
export const RACE_ROUNDS = Number(env.SOAK_RACE_ROUNDS ?? 10)
export const RACE_UPDATES = Number(env.SOAK_RACE_UPDATES ?? 40)

/** Sign-ins of each kind timed against each other (phase e, EC-11), and pairs of each password check (phase f). */
export const TIMING_SAMPLES = Number(env.SOAK_TIMING_SAMPLES ?? 200)

/** Phase (f): sign-ins sent at once, and `GET /session` loops running beside them. */
export const FLOOD = Number(env.SOAK_PASSWORD_FLOOD ?? 500)
export const FLOOD_SESSION_LOOPS = 2
/**
 * The bound on the session checks' p99 during the flood, between the two measured populations (README): hashes queued
 * to 4, 20–121 ms on this shared 2-CPU box at a load average up to 10; the queue as wide as the 64 threads, 733–947 ms.
 */
export const FLOOD_P99_MS = Number(env.SOAK_FLOOD_P99_MS ?? 250)
/**
 * The hashes core's queue runs at once by default: one less than the cores (`os.availableParallelism()`), at least one
 * (packages/core/src/passwords/hash.ts). Each argon2id hash holds 19 MiB (m = 19,456 KiB).
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1)
export const HASH_MEMORY = 19_456 * 1024
/**
 * Room for what a flood costs besides the hashes, in the bound on RSS growth (`HASH_CONCURRENCY` hashes + this): 500
 * requests held at once (their sockets, parsed bodies and pipeline state: heapUsed rises by about 20–30 MiB, measured),
 * V8's new space (sampled without a GC) and the allocator keeping a freed hash's memory on some of the 64 threads.
 */
export const FLOOD_RSS_SLACK = 128 * 1024 * 1024

/** The provider time-out of @gatehousejs/core (`PROVIDER_TIMEOUT_MS`), waited for in full here. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * "Flat" memory, from the first sample (after warm-up) to the last, both taken after two forced GCs: heapUsed grows by
 * at most max(4 MiB, 10%), RSS by at most max(32 MiB, 20%). RSS gets more room: the allocator keeps freed pages and
 * the pg/ioredis socket buffers grow to their working size during the first minute.
 */
export const HEAP_BOUND = { absolute: 4 * 1024 * 1024, relative: 0.1 }
export const RSS_BOUND = { absolute: 32 * 1024 * 1024, relative: 0.2 }

/**
 * The long soak (`--long`, LF-03): `GET /session` (JWT) at `LONG_RATE` requests/s for `LONG_SECONDS` (`--seconds N`
 * overrides), memory sampled every `LONG_SAMPLE_SECONDS`. Holds when p99 < `LONG_P99_MS`, no error, the rate is
 * sustained (≥ 99% of the target over the send window), memory within the bounds above and its fitted trend under
 * `LONG_TREND` (MiB per minute: a leak of 100 bytes a request at 1,000/s is about 6 MiB/min).
 */
export const LONG_RATE = Number(env.SOAK_LONG_RATE ?? 1000)
export const LONG_SECONDS = Number(env.SOAK_LONG_SECONDS ?? 300)
export const LONG_SAMPLE_SECONDS = Number(env.SOAK_LONG_SAMPLE_SECONDS ?? 10)
export const LONG_P99_MS = 20
export const LONG_TREND = { heapUsed: 1, rss: 4 }
