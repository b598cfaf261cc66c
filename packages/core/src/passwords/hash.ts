/**
 * Password hashes as PHC strings, computed off the event loop: argon2id with OWASP's parameters (m = 19 MiB, t = 2,
 * p = 1: OWASP Password Storage Cheat Sheet, "Argon2id"; NIST SP 800-63B-4 §3.1.1.2 asks for a memory-hard, salted
 * one-way function) through `@node-rs/argon2`, loaded on first use so that core still imports where it cannot load.
 * Hashes imported from other systems verify too — argon2 (any variant and cost), bcrypt (`$2a$`, `$2b$`, `$2y$`,
 * through `@node-rs/bcrypt` on the thread pool) and scrypt in PHC form — and report that they need re-hashing, as do
 * argon2id hashes of lower cost; the caller stores the new hash on the next sign-in.
 */
import { nodeCrypto } from "../runtime/node-crypto.js"
import { timingSafeEqual } from "../runtime/random.js"
import { workQueue, type WorkQueue } from "./work-queue.js"

/** OWASP's argon2id minimum configuration, the one new hashes use. */
export const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Whether `password` matches `stored`, and whether `stored` should be replaced by a new hash of it. */
  verify(stored: string, password: string): Promise<{ ok: boolean; rehash: boolean }>
  /** The same work as a verification against an account, for an address that has none (no timing difference). */
  verifyNone(password: string): Promise<void>
}

type Argon2 = typeof import("@node-rs/argon2")
type Bcrypt = typeof import("@node-rs/bcrypt")
let argon2: Promise<Argon2> | undefined
let bcrypt: Promise<Bcrypt> | undefined
const loadArgon2 = (): Promise<Argon2> => (argon2 ??= nativeImport("@node-rs/argon2") as Promise<Argon2>)
const loadBcrypt = (): Promise<Bcrypt> => (bcrypt ??= nativeImport("@node-rs/bcrypt") as Promise<Bcrypt>)

/**
 * A native binding, imported at run time by Node's own resolver: a bundler that follows the import (Vite/Rollup for
 * SvelteKit, SolidStart and Qwik; webpack) would try to bundle its `.node` file, and fail the app's build. The
 * specifier is a variable and both bundlers are told to leave the `import()` as it is.
 */
function nativeImport(specifier: string): Promise<unknown> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)
}

/**
 * A hasher that runs at most `concurrency` hashes at once. Default: one less than the cores the process may use, at
 * least one, so that the event loop always has a core: with a hash per core, the main thread waits for one each time
 * it wakes (`npm run bench` 11a on 2 cores: event-loop delay p99 6–10 ms with 2–4 hashes in flight, 3 ms with 1).
 * Each argon2id hash uses one thread and 19 MiB; the rest wait in the queue.
 */
export function passwordHasher(options: { concurrency?: number } = {}): PasswordHasher {
  const queue: WorkQueue = workQueue(options.concurrency ?? Math.max(1, cores() - 1))
  let dummy: Promise<string> | undefined
  const hasher: PasswordHasher = {
    hash: (password) => queue.run(async () => (await loadArgon2()).hash(password, { ...ARGON2ID, algorithm: 2 /* Argon2id */ })),
    verify: (stored, password) => queue.run(() => verifyStored(stored, password)),
    async verifyNone(password) {
      dummy ??= hasher.hash("gatehouse: no account has this address")
      await hasher.verify(await dummy, password)
    },
  }
  return hasher
}

/** The cores this process may use: `os.availableParallelism()` (Node 20 has no `navigator`), else the browser's count. */
function cores(): number {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  try {
    const os = proc?.getBuiltinModule?.("node:os") as typeof import("node:os") | undefined
    if (os?.availableParallelism) return os.availableParallelism()
  } catch {
    // Not Node: the Web's count below.
  }
  return (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2
}

async function verifyStored(stored: string, password: string): Promise<{ ok: boolean; rehash: boolean }> {
  if (/^\$argon2(id|i|d)\$/.test(stored)) {
    const ok = await (await loadArgon2()).verify(stored, password).catch(() => false)
    return { ok, rehash: ok && !isCurrentArgon2id(stored) }
  }
  if (/^\$2[aby]\$\d\d\$/.test(stored)) {
    const ok = await (await loadBcrypt()).verify(password, stored).catch(() => false)
    return { ok, rehash: ok }
  }
  if (stored.startsWith("$scrypt$")) {
    const ok = await verifyScrypt(stored, password)
    return { ok, rehash: ok }
  }
  return { ok: false, rehash: false }
}

/** argon2id at OWASP's cost or more. */
function isCurrentArgon2id(stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)
  if (!match) return false
  const [m, t, p] = match.slice(1).map(Number) as [number, number, number]
  return m >= ARGON2ID.memoryCost && t >= ARGON2ID.timeCost && p >= ARGON2ID.parallelism
}

/**
 * scrypt in PHC form: `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt base64>$<hash base64>` (the PHC string format's scrypt
 * parameters), computed by `node:crypto` on the thread pool.
 */
async function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(stored)
  const crypto = nodeCrypto
  if (!match || !crypto) return false
  const [ln, r, p] = match.slice(1, 4).map(Number) as [number, number, number]
  if (ln < 1 || ln > 20) return false
  const salt = Buffer.from(match[4]!, "base64")
  const expected = Buffer.from(match[5]!, "base64")
  const N = 2 ** ln
  const derived = await new Promise<Buffer | undefined>((resolve) => {
    crypto.scrypt(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => resolve(error ? undefined : key))
  })
  return derived !== undefined && timingSafeEqual(derived.toString("hex"), expected.toString("hex"))
}
