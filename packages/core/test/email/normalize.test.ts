/** The email normaliser (security catalog §5.5 property; EC-02 … EC-06). */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { InvalidEmail, normalizeEmail } from "../../src/email/normalize.js"

describe("normalizeEmail", () => {
  it.each([
    ["Foo@Example.COM ", "foo@example.com"],
    ["  a.b+tag@sub.example.org", "a.b+tag@sub.example.org"],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ["ＵＳＥＲ@example.com", "user@example.com"],
  ])("%j → %j", (input, output) => {
    expect(normalizeEmail(input)).toBe(output)
  })

  it.each([
    "", "no-at-sign", "@example.com", "user@", "a@b@c.com", "a@a.com,b@b.com", '"a"@b.com', "a@b.com\r\n", "a b@c.com",
    "<a>@b.com", "a@\uFF20b.com", "a\uFE6Bb@c.com", `${"a".repeat(330)}@b.com`, "a@.com", "a@b..com",
  ])("refuses %j", (input) => {
    expect(() => normalizeEmail(input)).toThrow(InvalidEmail)
  })

  it("is idempotent, and its output has exactly one @ and none of \" , < > CR LF", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 40 }), (local, domain) => {
        let out: string
        try {
          out = normalizeEmail(`${local}@${domain}`)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidEmail)
          return
        }
        expect(normalizeEmail(out)).toBe(out)
        expect(out.split("@")).toHaveLength(2)
        expect(out).not.toMatch(/[",<>\r\n]/)
      }),
      { numRuns: 2000 },
    )
  })
})
