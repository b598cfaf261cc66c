/**
 * Password hashing (issue 27, started): argon2id at OWASP's parameters as a PHC string; hashes imported from other
 * systems (bcrypt, scrypt, cheaper argon2) verify and ask to be re-hashed; an address without an account costs a
 * verification too; and no more hashes run at once than the queue allows.
 */
import { scryptSync, randomBytes } from "node:crypto"
import bcrypt from "@node-rs/bcrypt"
import argon2 from "@node-rs/argon2"
import { describe, expect, it } from "vitest"
import { ARGON2ID, passwordHasher } from "../../src/passwords/hash.js"
import { workQueue } from "../../src/passwords/work-queue.js"

const password = "correct horse battery staple"

describe("passwordHasher", () => {
  const hasher = passwordHasher()

  it("hashes with argon2id at m=19456, t=2, p=1 (OWASP), salted: the same password twice gives two hashes", async () => {
    const first = await hasher.hash(password)
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hasher.hash(password)).not.toBe(first)
    expect(await hasher.verify(first, password)).toEqual({ ok: true, rehash: false })
    expect(await hasher.verify(first, `${password}!`)).toEqual({ ok: false, rehash: false })
  })

  it("verifies imported bcrypt ($2b$, $2y$), scrypt (PHC) and cheaper argon2 hashes, and asks to re-hash them", async () => {
    const bcryptHash = bcrypt.hashSync(password, 4)
    const scryptSalt = randomBytes(16)
    const scryptHash = `$scrypt$ln=14,r=8,p=1$${scryptSalt.toString("base64")}$${scryptSync(password, scryptSalt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString("base64")}`
    const cheapArgon = await argon2.hash(password, { memoryCost: 4096, timeCost: 1, parallelism: 1, algorithm: 2 })
    for (const stored of [bcryptHash, bcryptHash.replace(/^\$2b\$/, "$2y$"), scryptHash, cheapArgon]) {
      expect(await hasher.verify(stored, password), stored.slice(0, 12)).toEqual({ ok: true, rehash: true })
      expect(await hasher.verify(stored, "wrong password here"), stored.slice(0, 12)).toEqual({ ok: false, rehash: false })
    }
    expect(ARGON2ID.memoryCost).toBe(19_456)
  })

  it("refuses what it cannot read: an empty, truncated or foreign hash is a wrong password, never a throw", async () => {
    for (const stored of ["", "plain text", "$argon2id$v=19$m=19456,t=2,p=1$short", "$scrypt$ln=99,r=8,p=1$AAAA$AAAA", "$5$rounds=5000$salt$hash"]) {
      expect(await hasher.verify(stored, password)).toEqual({ ok: false, rehash: false })
    }
  })

  it("verifyNone does a verification's work for an address without an account", async () => {
    await expect(hasher.verifyNone(password)).resolves.toBeUndefined()
  })
})

describe("workQueue", () => {
  it("runs at most its limit at once; the rest wait their turn and all finish", async () => {
    const queue = workQueue(2)
    let inFlight = 0
    let most = 0
    const work = () =>
      queue.run(async () => {
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 2))
        inFlight--
        return 1
      })
    const results = await Promise.all(Array.from({ length: 50 }, work))
    expect(results).toHaveLength(50)
    expect(most).toBe(2)
    expect(queue.running + queue.waiting).toBe(0)
  })

  it("a failing job frees its place", async () => {
    const queue = workQueue(1)
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    await expect(queue.run(async () => "next")).resolves.toBe("next")
  })

  it("twenty hashes started together through a hasher of concurrency 2 all finish, each salted", async () => {
    const hasher = passwordHasher({ concurrency: 2 })
    const hashes = await Promise.all(Array.from({ length: 20 }, (_, i) => hasher.hash(`password number ${i} long enough`)))
    expect(new Set(hashes).size).toBe(20)
  })
})
