// The mailbox an address delivers to, as the per-address e-mail budget counts it (security catalog RT-14).
import { describe, expect, it } from "vitest"
import { mailboxOf } from "../../src/rate-limit/mailbox.js"

describe("mailboxOf", () => {
  it.each([
    // +tags on every domain
    ["victim+1@example.com", "victim@example.com"],
    ["victim+news+more@example.com", "victim@example.com"],
    ["victim+@example.com", "victim@example.com"],
    // no + : unchanged
    ["victim@example.com", "victim@example.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["first-last@example.com", "first-last@example.com"],
    // case and surrounding space, as every budget value
    ["  Victim+X@Example.COM ", "victim@example.com"],
    // Gmail: dots, +tags, and googlemail.com as gmail.com
    ["v.i.c.t.i.m@gmail.com", "victim@gmail.com"],
    ["Vic.Tim+news@GoogleMail.com", "victim@gmail.com"],
    ["victim.@googlemail.com", "victim@gmail.com"],
    // not Gmail: dots are kept
    ["vic.tim@gmail.co", "vic.tim@gmail.co"],
    ["vic.tim@mail.gmail.com", "vic.tim@mail.gmail.com"],
  ])("%s counts as %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox)
  })

  it.each([
    ['"victim+1"@example.com', "a quoted local part"],
    ['"a@b"+x@example.com', "an @ inside quotes"],
    ["victim\\+1@example.com", "an escape"],
    ["vic tim+1@example.com", "inner whitespace"],
    ["+tag@example.com", "a local part that is only a tag"],
    ["...@gmail.com", "a Gmail local part that is only dots"],
    ["no-at-sign+x", "no @"],
    ["@example.com", "an empty local part"],
    ["victim+1@", "an empty domain"],
    ["a@b+1@example.com", "two @"],
    ["", "nothing"],
  ])("%s (%s) is left as it is, lower-cased: a budget of its own", (address) => {
    expect(mailboxOf(address)).toBe(address.trim().toLowerCase())
  })

  it("never maps an address onto another mailbox's spelling by accident: distinct mailboxes stay distinct", () => {
    const mailboxes = ["victim@example.com", "victim2@example.com", "victim@example.org", "vic.tim@example.com", "victim@gmail.com", "victim2@gmail.com"]
    expect(new Set(mailboxes.map(mailboxOf)).size).toBe(mailboxes.length)
  })
})
