/**
 * Breached and common passwords (NIST SP 800-63B-4 §3.1.1.2; OWASP ASVS 5.0 6.2.4, 6.2.12): the bundled list refuses
 * common passwords at both the default minimum (15) and the lowest (8); the Pwned Passwords range query sends only
 * a 5-character prefix with padding asked for, ignores padding lines, and fails open with one warning (or closed when
 * asked) when the API is down, wrong or slow. The API is a stand-in server on 127.0.0.1 answering in the real format.
 */
import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  BREACH_CHECK_UNAVAILABLE,
  BreachCheckUnavailable,
  breachedCheckOf,
  commonPasswordCheck,
  haveIBeenPwnedCheck,
  type BreachCheckLogger,
} from "../../src/passwords/breached.js"
import { passwordProblem, passwordRules } from "../../src/passwords/rules.js"

const sha1 = (password: string): string => createHash("sha1").update(password, "utf8").digest("hex").toUpperCase()
/** A random 20-character password: on no list. */
const randomPassword = (): string => randomBytes(15).toString("base64url")

describe("commonPasswordCheck (the bundled list)", () => {
  const isCommon = commonPasswordCheck()

  it.each(["1qaz2wsx3edc4rfv", "passwordpassword", "password1", "123456789987654321", "qazwsxedcrfvtgb"])("refuses %s", async (password) => {
    expect(await isCommon(password)).toBe(true)
  })

  it("compares NFKC and lower-cased, as the list was generated: PassWordPassWord and full-width letters are refused", async () => {
    expect(await isCommon("PassWordPassWord")).toBe(true)
    expect(await isCommon("ｐａｓｓｗｏｒｄｐａｓｓｗｏｒｄ")).toBe(true)
  })

  it("accepts a random 20-character password and a long passphrase", async () => {
    expect(await isCommon(randomPassword())).toBe(false)
    expect(await isCommon("lantern orbit pickle seventeen")).toBe(false)
  })

  it("refuses something at the default minimum of 15 and at the lowest, 8, through the rules", async () => {
    expect(await passwordProblem("1qaz2wsx3edc4rfv", passwordRules({ breached: isCommon }))).toBe("breached")
    expect(await passwordProblem("password1", passwordRules({ minLength: 8, breached: isCommon }))).toBe("breached")
    expect(await passwordProblem(randomPassword(), passwordRules({ breached: isCommon }))).toBeUndefined()
  })
})

/** The stand-in: `GET /range/<prefix>` answers `SUFFIX:COUNT` lines, padded with count-0 lines; every request is kept. */
interface StandIn {
  url: string
  requests: { url: string; headers: IncomingHttpHeaders }[]
  /** The status to answer instead of the range (503: the API is down), or 200. */
  status: number
  close(): Promise<void>
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

async function pwnedStandIn(counts: Record<string, number>): Promise<StandIn> {
  const hashes = Object.entries(counts).map(([password, count]) => [sha1(password), count] as const)
  const standIn: StandIn = { url: "", requests: [], status: 200, close: () => closeServer(server) }
  const server = createServer((request, response) => {
    standIn.requests.push({ url: request.url ?? "", headers: request.headers })
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? "")?.[1]
    if (standIn.status !== 200 || !prefix) return void response.writeHead(prefix ? standIn.status : 404).end()
    const lines = hashes.filter(([hash]) => hash.startsWith(prefix)).map(([hash, count]) => `${hash.slice(5)}:${count}`)
    // Padding as the real API adds it: random suffixes with count 0.
    for (let i = 0; i < 20; i++) lines.push(`${randomBytes(18).toString("hex").slice(0, 35).toUpperCase()}:0`)
    response.writeHead(200, { "Content-Type": "text/plain" }).end(lines.sort().join("\r\n"))
  })
  standIn.url = await listen(server)
  return standIn
}

function recordingLogger(): BreachCheckLogger & { warnings: { code: string; message?: string }[] } {
  const warnings: { code: string; message?: string }[] = []
  return { warnings, warn: (code, message) => void warnings.push({ code, message }) }
}

/** An address where nothing listens: a port just closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  const url = await listen(server)
  await closeServer(server)
  return url
}

describe("haveIBeenPwnedCheck (Pwned Passwords range query)", () => {
  const breached = "stand-in breached password 2024"
  const padded = "stand-in password on a padding line"
  let standIn: StandIn

  beforeAll(async () => {
    standIn = await pwnedStandIn({ [breached]: 3861, [padded]: 0 })
  })
  afterAll(() => standIn.close())
  afterEach(() => {
    standIn.requests.length = 0
    standIn.status = 200
  })

  it("finds a breached password, sending only the first 5 hex characters of its SHA-1, with Add-Padding: true", async () => {
    const isBreached = haveIBeenPwnedCheck({ baseUrl: standIn.url })
    expect(await isBreached(breached)).toBe(true)
    expect(standIn.requests).toHaveLength(1)
    const [request] = standIn.requests
    expect(request!.url).toBe(`/range/${sha1(breached).slice(0, 5)}`)
    expect(request!.headers["add-padding"]).toBe("true")
    expect(JSON.stringify(request)).not.toContain(sha1(breached).slice(5))
  })

  it("hashes the password as rules.ts passes it (NFKC, case kept): SHA-1 of its UTF-8 bytes", async () => {
    const isBreached = haveIBeenPwnedCheck({ baseUrl: standIn.url })
    expect(await isBreached("Stand-in breached password 2024")).toBe(false)
    const unicode = "пароль ﬁfteen chars"
    await isBreached(unicode)
    expect(standIn.requests.at(-1)!.url).toBe(`/range/${sha1(unicode.normalize("NFKC")).slice(0, 5)}`)
  })

  it("answers false for a password the range does not hold", async () => {
    expect(await haveIBeenPwnedCheck({ baseUrl: standIn.url })(randomPassword())).toBe(false)
    expect(standIn.requests).toHaveLength(1)
  })

  it("does not count a padding line (count 0) as breached", async () => {
    expect(await haveIBeenPwnedCheck({ baseUrl: standIn.url })(padded)).toBe(false)
  })

  it("fails open when the API is unreachable: false, and one warning for a run of failures, naming neither password nor hash", async () => {
    const logger = recordingLogger()
    const isBreached = haveIBeenPwnedCheck({ baseUrl: await closedPortUrl(), logger })
    expect(await isBreached(breached)).toBe(false)
    expect(await isBreached(breached)).toBe(false)
    expect(logger.warnings).toHaveLength(1)
    expect(logger.warnings[0]!.code).toBe(BREACH_CHECK_UNAVAILABLE)
    expect(logger.warnings[0]!.message).not.toContain(breached)
    expect(logger.warnings[0]!.message).not.toContain(sha1(breached).slice(0, 5))
  })

  it("warns again after the API has answered in between (a new run of failures); a non-200 answer is a failure", async () => {
    const logger = recordingLogger()
    const isBreached = haveIBeenPwnedCheck({ baseUrl: standIn.url, logger })
    standIn.status = 503
    expect(await isBreached(breached)).toBe(false)
    expect(await isBreached(breached)).toBe(false)
    standIn.status = 200
    expect(await isBreached(breached)).toBe(true)
    standIn.status = 503
    expect(await isBreached(breached)).toBe(false)
    expect(logger.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining("HTTP 503"), expect.stringContaining("HTTP 503")])
  })

  it("with failClosed, throws BreachCheckUnavailable for the caller to refuse the password", async () => {
    const isBreached = haveIBeenPwnedCheck({ baseUrl: await closedPortUrl(), failClosed: true })
    const error = await isBreached(breached).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BreachCheckUnavailable)
    expect((error as BreachCheckUnavailable).code).toBe(BREACH_CHECK_UNAVAILABLE)
    expect((error as BreachCheckUnavailable).type).toBe("BreachCheckUnavailable")
  })

  it("fails open quickly when the API never answers (timeoutMs: 200)", async () => {
    const hanging = createServer(() => {})
    const url = await listen(hanging)
    try {
      const logger = recordingLogger()
      const started = performance.now()
      expect(await haveIBeenPwnedCheck({ baseUrl: url, timeoutMs: 200, logger })(breached)).toBe(false)
      expect(performance.now() - started).toBeLessThan(1500)
      expect(logger.warnings).toEqual([{ code: BREACH_CHECK_UNAVAILABLE, message: expect.stringContaining("no answer in 200 ms") }])
    } finally {
      await closeServer(hanging)
    }
  })
})

describe("breachedCheckOf (the `breached` option)", () => {
  let standIn: StandIn
  const breached = "stand-in breached password 2025"

  beforeAll(async () => {
    standIn = await pwnedStandIn({ [breached]: 12 })
  })
  afterAll(() => standIn.close())

  it("is the bundled list by default and for \"common\", nothing for false, the app's function as given", async () => {
    expect(await breachedCheckOf(undefined)!("passwordpassword")).toBe(true)
    expect(await breachedCheckOf("common")!("1qaz2wsx3edc4rfv")).toBe(true)
    expect(breachedCheckOf(false)).toBeUndefined()
    const own = breachedCheckOf((password) => password === "our-own-banned-password")!
    expect(await own("our-own-banned-password")).toBe(true)
    expect(await own("passwordpassword")).toBe(false)
  })

  it("with haveibeenpwned, consults the bundled list first (no request for a common password), then the API", async () => {
    const logger = recordingLogger()
    const check = breachedCheckOf({ haveibeenpwned: { baseUrl: standIn.url } }, logger)!
    expect(await check("passwordpassword")).toBe(true)
    expect(standIn.requests).toHaveLength(0)
    expect(await check(breached)).toBe(true)
    expect(await check(randomPassword())).toBe(false)
    expect(standIn.requests).toHaveLength(2)
    expect(logger.warnings).toEqual([])
  })

  it("passes its logger to the range query, which still fails open behind the bundled list", async () => {
    const logger = recordingLogger()
    const check = breachedCheckOf({ haveibeenpwned: { baseUrl: await closedPortUrl() } }, logger)!
    expect(await check("passwordpassword")).toBe(true)
    expect(await check(breached)).toBe(false)
    expect(logger.warnings).toHaveLength(1)
  })
})
