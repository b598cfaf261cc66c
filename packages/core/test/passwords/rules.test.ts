/**
 * Password rules (issue 27, started; NIST SP 800-63B-4 §3.1.1.2, ASVS 6.2): 15 characters by default, never fewer than
 * 8, at least 64 accepted, any Unicode after NFKC, no composition rules, a breached list consulted.
 */
import { describe, expect, it } from "vitest"
import { MAX_PASSWORD_LENGTH, normalizePassword, passwordProblem, passwordRules } from "../../src/passwords/rules.js"

describe("password rules", () => {
  const rules = passwordRules()

  it("15 characters by default: 14 is too short, 15 passes, with no composition rule (all lower-case letters)", async () => {
    expect(await passwordProblem("a".repeat(14), rules)).toBe("too-short")
    expect(await passwordProblem("abcdefghijklmno", rules)).toBeUndefined()
  })

  it("accepts 64 characters and any Unicode, counting characters after NFKC, not bytes", async () => {
    expect(await passwordProblem("x".repeat(64), rules)).toBeUndefined()
    expect(await passwordProblem("пароль-из-пятнадцати", rules)).toBeUndefined()
    expect(await passwordProblem("🔐".repeat(15), rules)).toBeUndefined()
    expect(await passwordProblem("🔐".repeat(14), rules)).toBe("too-short")
    expect(normalizePassword("ﬁ")).toBe("fi")
    expect(await passwordProblem("y".repeat(MAX_PASSWORD_LENGTH + 1), rules)).toBe("too-long")
  })

  it("refuses a password the breached list holds, normalised first", async () => {
    const seen: string[] = []
    const strict = passwordRules({ breached: (candidate) => (seen.push(candidate), candidate === "passwordpassword") })
    expect(await passwordProblem("passwordpassword", strict)).toBe("breached")
    expect(await passwordProblem("ｐａｓｓｗｏｒｄｐａｓｓｗｏｒｄ", strict)).toBe("breached")
    expect(seen.at(-1)).toBe("passwordpassword")
  })

  it("minLength is configurable but never below 8", () => {
    expect(passwordRules({ minLength: 8 }).minLength).toBe(8)
    expect(() => passwordRules({ minLength: 7 })).toThrow(/8/)
    expect(() => passwordRules({ minLength: 10.5 })).toThrow(TypeError)
  })
})
