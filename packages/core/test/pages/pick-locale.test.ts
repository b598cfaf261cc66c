import { describe, expect, it } from "vitest"
import { pickLocale, supportedLocales } from "../../src/pages/index.js"

describe("pickLocale: the page language from Accept-Language", () => {
  it.each([
    ["ru-RU,ru;q=0.9", "ru"],
    ["ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"],
    ["en;q=0.1, ru;q=0.5", "ru"],
    ["en-US,en;q=0.9,ru;q=0.8", "en"],
    ["RU", "ru"],
    ["fr-FR, de;q=0.9, ru;q=0.5, en;q=0.4", "fr"],
    ["nl-NL, de;q=0.9", "de"],
    ["nl-NL, sv;q=0.9", "en"],
    ["ru;q=0, en;q=0.1", "en"],
    ["ru;q=0, *", "en"],
    ["*", "en"],
    ["ru;q=0.5, en;q=0.5", "ru"],
    ["en;q=0.5, ru;q=0.5", "en"],
    ["ru;q=2, en;q=0.1", "en"], // q above 1 is malformed: the entry is ignored
    ["ru;q=abc", "en"],
    ["ru ; q=0.8", "ru"],
    ["<script>alert(1)</script>", "en"],
    [";;;,,,==", "en"],
    ["", "en"],
    [null, "en"],
    [`${"x".repeat(2000)},ru`, "en"], // the tail of an absurdly long header is not parsed
  ] as const)("%j → %s", (header, expected) => {
    expect(pickLocale(header)).toBe(expected)
  })

  it("only ever returns a supported locale", () => {
    for (const header of ["zz", "en-GB", "ru-Latn-RU", "*;q=0.1", "de"]) {
      expect(supportedLocales).toContain(pickLocale(header))
    }
  })
})
