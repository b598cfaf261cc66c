/**
 * `createAppleClientSecret`: the ES256 client-secret JWT Sign in with Apple wants instead of a static secret —
 * header `kid`, claims `iss` (Team ID), `sub` (Services ID), `aud`, `iat`, `exp` at most 180 days later.
 */
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from "jose"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { APPLE_CLIENT_SECRET_MAX_AGE, createAppleClientSecret } from "@gatehousejs/core/providers/apple"

const NOW = new Date("2026-03-01T12:00:00Z")
const iat = NOW.getTime() / 1000
let keys: { privateKey: CryptoKey; publicKey: CryptoKey; pem: string }

beforeAll(async () => {
  const pair = await generateKeyPair("ES256", { extractable: true })
  keys = { ...pair, pem: await exportPKCS8(pair.privateKey) }
})

afterEach(() => {
  vi.useRealTimers()
})

const base = () => ({ teamId: "ABCDE12345", keyId: "FGHIJ67890", clientId: "com.example.web", privateKey: keys.pem })

describe("createAppleClientSecret", () => {
  it("signs an ES256 JWT with kid, Team ID issuer, Services ID subject and Apple's audience, valid 180 days", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] })
    const secret = await createAppleClientSecret(base())
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "FGHIJ67890" })
    const { payload } = await jwtVerify(secret, keys.publicKey, {
      issuer: "ABCDE12345",
      subject: "com.example.web",
      audience: "https://appleid.apple.com",
      currentDate: NOW,
    })
    expect(payload.iat).toBe(iat)
    expect(payload.exp).toBe(iat + 180 * 24 * 60 * 60)
    expect(APPLE_CLIENT_SECRET_MAX_AGE).toBe(15_552_000)
  })

  it("takes a shorter lifetime, a CryptoKey, and a PEM whose newlines came escaped from an env variable", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] })
    const escaped = keys.pem.replace(/\n/g, "\\n")
    for (const privateKey of [escaped, keys.privateKey]) {
      const secret = await createAppleClientSecret({ ...base(), privateKey, expiresIn: 3600 })
      const { payload } = await jwtVerify(secret, keys.publicKey, { currentDate: NOW })
      expect(payload.exp! - payload.iat!).toBe(3600)
    }
  })

  it("refuses a lifetime over 180 days, or not a positive whole number of seconds", async () => {
    for (const expiresIn of [APPLE_CLIENT_SECRET_MAX_AGE + 1, 0, -5, 1.5, Number.NaN]) {
      await expect(createAppleClientSecret({ ...base(), expiresIn })).rejects.toThrow(RangeError)
    }
  })

  it("refuses a missing Team ID, Key ID or client id", async () => {
    await expect(createAppleClientSecret({ ...base(), teamId: "" })).rejects.toThrow(/teamId/)
    await expect(createAppleClientSecret({ ...base(), keyId: "" })).rejects.toThrow(/keyId/)
  })
})
