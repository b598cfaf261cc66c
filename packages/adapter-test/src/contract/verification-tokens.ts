/** createVerificationToken, useVerificationToken (authjs-behaviour §7.2; security catalog DB-01). */
import { expect } from "vitest"
import { expectModel, isNothing } from "../compare.js"
import type { SuiteContext } from "../context.js"
import { hashToken, randomEmail, randomUUID, tokenKey, verificationTokenFixture } from "../fixtures.js"

export function verificationTokenTests({ adapter, db, test }: SuiteContext): void {
  test("createVerificationToken stores the token and returns it or nothing", async () => {
    const input = verificationTokenFixture()
    const returned = await adapter().createVerificationToken(input)
    if (!isNothing(returned)) expectModel(returned, input, "createVerificationToken() result")
    expectModel(await db.verificationToken(input), input, "stored verification token")
  })

  test("useVerificationToken returns the token and deletes it", async () => {
    const input = verificationTokenFixture()
    await adapter().createVerificationToken(input)
    expectModel(await adapter().useVerificationToken(tokenKey(input)), input, "useVerificationToken() result")
    expect(await db.verificationToken(input), "stored verification token").toBeNull()
  })

  test("useVerificationToken a second time returns null", async () => {
    const input = verificationTokenFixture()
    await adapter().createVerificationToken(input)
    await adapter().useVerificationToken(tokenKey(input))
    expect(await adapter().useVerificationToken(tokenKey(input))).toBeNull()
  })

  test("useVerificationToken with another identifier returns null and does not consume the token (DB-01)", async () => {
    const input = verificationTokenFixture()
    await adapter().createVerificationToken(input)
    expect(await adapter().useVerificationToken({ identifier: randomEmail(), token: input.token })).toBeNull()
    expectModel(await db.verificationToken(input), input, "stored verification token")
    expectModel(await adapter().useVerificationToken(tokenKey(input)), input, "later use by the right identifier")
  })

  test("useVerificationToken with another token returns null and does not consume the identifier's token", async () => {
    const input = verificationTokenFixture()
    await adapter().createVerificationToken(input)
    expect(await adapter().useVerificationToken({ identifier: input.identifier, token: hashToken(randomUUID()) })).toBeNull()
    expectModel(await db.verificationToken(input), input, "stored verification token")
  })

  test("useVerificationToken consumes only the used token when an identifier has several", async () => {
    const first = verificationTokenFixture()
    const second = verificationTokenFixture({ identifier: first.identifier })
    await adapter().createVerificationToken(first)
    await adapter().createVerificationToken(second)
    expectModel(await adapter().useVerificationToken(tokenKey(first)), first, "useVerificationToken() result")
    expectModel(await db.verificationToken(second), second, "the identifier's other stored token")
  })
}
