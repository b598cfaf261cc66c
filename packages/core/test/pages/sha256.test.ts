import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { cspHashSource, sha256 } from "../../src/pages/sha256.js"

describe("pure-JS SHA-256 behind the pages' CSP", () => {
  it("matches node:crypto for every length across the padding boundaries (0–300 bytes)", () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff)
      const expected = createHash("sha256").update(bytes).digest("hex")
      expect(Buffer.from(sha256(bytes)).toString("hex"), `length ${length}`).toBe(expected)
    }
  })

  it("matches the FIPS 180-4 test vectors", () => {
    const hex = (s: string): string => Buffer.from(sha256(new TextEncoder().encode(s))).toString("hex")
    expect(hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    expect(hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    )
  })

  it("hashes the UTF-8 bytes of a string into a CSP hash source", () => {
    const css = ".divider::before { content: \"или — ✓\" }\n".repeat(50)
    expect(cspHashSource(css)).toBe(`'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`)
  })
})
