// Budget store keys: keyed hashes, never the raw identifier, with e-mail addresses and usernames normalised.
import { createHmac } from "node:crypto"
import { describe, expect, it } from "vitest"
import { budgetKey, normalizeBudgetValue } from "../../src/rate-limit/key.js"

const SECRET = "a-test-secret-of-enough-length-000000"

describe("budgetKey", () => {
  it("is rl:<kind>: and the base64url HMAC-SHA-256 of the value under the secret", async () => {
    const key = await budgetKey("identifier", "alice", SECRET)
    const expected = createHmac("sha256", SECRET).update("gatehouse rate-limit\0alice").digest("base64url")
    expect(key).toBe(`rl:identifier:${expected}`)
    expect(key).toMatch(/^rl:identifier:[A-Za-z0-9_-]{43}$/)
  })

  it("never contains the raw value, in any case", async () => {
    for (const value of ["Alice.Smith@Example.com", "203.0.113.7", "2001:db8::7", "bob"]) {
      const key = await budgetKey("email", value, SECRET)
      for (const piece of [value, value.toLowerCase(), ...value.toLowerCase().split(/[@.:]/).filter((p) => p.length > 3)]) {
        expect(key.toLowerCase()).not.toContain(piece.toLowerCase())
      }
    }
  })

  it("depends on the secret and the kind", async () => {
    const a = await budgetKey("identifier", "alice", SECRET)
    expect(await budgetKey("identifier", "alice", `${SECRET}x`)).not.toBe(a)
    expect(await budgetKey("client", "alice", SECRET)).not.toBe(a)
    expect(await budgetKey("client", "alice", SECRET)).toMatch(/^rl:client:/)
  })

  it("one budget for every spelling of an e-mail address or username: varying the case buys no new guesses", async () => {
    const email = await budgetKey("identifier", "bob@example.com", SECRET)
    expect(await budgetKey("identifier", "  Bob@Example.COM ", SECRET)).toBe(email)
    expect(await budgetKey("identifier", "BoB", SECRET)).toBe(await budgetKey("identifier", "bob", SECRET))
    expect(await budgetKey("identifier", "Bob ", SECRET)).toBe(await budgetKey("identifier", "Bob", SECRET))
  })

  it("NFC: a composed and a decomposed é are one username", async () => {
    expect(await budgetKey("identifier", "jos\u00e9", SECRET)).toBe(await budgetKey("identifier", "jose\u0301", SECRET))
  })

  it("refuses a malformed kind or a missing secret with a message", async () => {
    await expect(budgetKey("Identifier", "x", SECRET)).rejects.toThrow(/lower-case letters, digits or dashes/)
    await expect(budgetKey("a:b", "x", SECRET)).rejects.toThrow(/budget kind/)
    await expect(budgetKey("identifier", "x", "")).rejects.toThrow(/needs the auth secret/)
  })

  it("stays far below the 512 characters a store accepts, whatever the value", async () => {
    const key = await budgetKey("identifier", "x".repeat(10_000), SECRET)
    expect(key.length).toBeLessThan(100)
  })
})

describe("normalizeBudgetValue", () => {
  it.each([
    ["  Alice@Example.com\t", "alice@example.com"],
    ["Alice", "alice"],
    ["@Alice", "@alice"],
    ["a@b@C", "a@b@c"],
    ["e\u0301", "\u00e9"],
  ])("%j -> %j", (value, expected) => {
    expect(normalizeBudgetValue(value)).toBe(expected)
  })
})
