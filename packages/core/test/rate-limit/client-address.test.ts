// Which client a request's budgets belong to (security catalog RL-05): peer, trusted proxies, forged headers, IPv6.
import { describe, expect, it } from "vitest"
import { clientAddress, trustedRanges } from "../../src/rate-limit/client-address.js"

const NONE: readonly string[] = []
const LB = ["10.0.0.0/8"]
const CHAIN = ["10.0.0.0/8", "192.168.1.1", "2001:db8:aa::/48"]

describe("RL-05 without trusted proxies the header is ignored", () => {
  it.each([
    ["203.0.113.7", null, "203.0.113.7"],
    ["203.0.113.7", "198.51.100.1", "203.0.113.7"], // a forged header from an untrusted peer changes nothing
    ["203.0.113.7", "198.51.100.1, 10.0.0.1, garbage", "203.0.113.7"],
    ["127.0.0.1", "198.51.100.1", "127.0.0.1"], // loopback is not a trusted proxy by default
    ["::1", "198.51.100.1", "::1"],
    ["::ffff:127.0.0.1", "198.51.100.1", "127.0.0.1"], // Node's dual-stack peer, normalised
    [undefined, "198.51.100.1", "unknown"],
    ["not an address", null, "unknown"],
  ])("peer %s, X-Forwarded-For %j -> %s", (peer, forwardedFor, expected) => {
    expect(clientAddress(peer, forwardedFor, NONE)).toBe(expected)
  })
})

describe("RL-05 behind trusted proxies the client is the right-most untrusted address", () => {
  it.each([
    // [peer, X-Forwarded-For, trusted, client]
    ["10.0.0.2", "203.0.113.7", LB, "203.0.113.7"],
    ["10.0.0.2", null, LB, "10.0.0.2"], // a trusted peer that forwarded nothing is the client itself
    ["10.0.0.2", "198.51.100.1, 203.0.113.7", LB, "203.0.113.7"], // the forged left part is never reached
    ["10.0.0.2", "198.51.100.1, 203.0.113.7, 10.9.9.9", LB, "203.0.113.7"],
    ["203.0.113.50", "198.51.100.1", LB, "203.0.113.50"], // an untrusted peer's header is not believed
    ["10.0.0.2", "203.0.113.7, 192.168.1.1, 10.1.2.3", CHAIN, "203.0.113.7"], // a chain of trusted hops
    ["10.0.0.2", "10.0.0.3, 10.0.0.4", LB, "10.0.0.3"], // all trusted: the left-most
    ["10.0.0.2", "203.0.113.7, unknown, , 300.1.1.1, 01.2.3.4", LB, "203.0.113.7"], // malformed entries skipped
    ["::ffff:10.0.0.2", "::ffff:203.0.113.7", LB, "203.0.113.7"], // IPv4-mapped IPv6 matches IPv4 ranges
    ["10.0.0.2", "203.0.113.7:51234", LB, "203.0.113.7"], // a port some proxies append
    ["10.0.0.2", "[2001:db8::7]:443", LB, "2001:db8::7"],
    ["2001:db8:aa:1::1", "2001:DB8:0:0:0:0:0:7", CHAIN, "2001:db8::7"], // trusted IPv6 range, canonical form
    ["2001:db8:aa:1::1", "2001:db8:ab::1", CHAIN, "2001:db8:ab::1"], // just outside the /48
    ["fe80::1%eth0", "203.0.113.7", ["fe80::/10"], "203.0.113.7"], // zone id on the peer
    ["10.0.0.2", "203.0.113.7", ["0.0.0.0/0"], "203.0.113.7"], // trusting all IPv4 leaves the left-most
    ["10.0.0.2", "2001:db8::9", ["::/0"], "2001:db8::9"],
  ])("peer %s, X-Forwarded-For %j, trusted %j -> %s", (peer, forwardedFor, trusted, expected) => {
    expect(clientAddress(peer, forwardedFor, trusted)).toBe(expected)
  })

  it("a forged header cannot pick the client: only the right-most untrusted hop counts", () => {
    for (const forged of ["1.1.1.1", "1.1.1.1, 2.2.2.2", "10.0.0.1", "::1", "garbage", "1.1.1.1,".repeat(100)]) {
      expect(clientAddress("10.0.0.2", `${forged}, 203.0.113.7`, LB)).toBe("203.0.113.7")
    }
  })
})

describe("IPv6 canonical form (RFC 5952)", () => {
  it.each([
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"], // the first of two equal zero runs
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"], // a single zero group is not compressed
    ["::", "::"],
    ["1::", "1::"],
    ["::ffff:c000:0201", "192.0.2.1"],
    ["64:ff9b::192.0.2.1", "64:ff9b::c000:201"],
  ])("%s -> %s", (peer, expected) => {
    expect(clientAddress(peer, null, NONE)).toBe(expected)
  })

  it.each(["1::2::3", "1:2:3:4:5:6:7:8:9", "12345::1", "1.2.3.4::", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7::8", "g::1"])(
    "%s is not an address",
    (peer) => {
      expect(clientAddress(peer, null, NONE)).toBe("unknown")
    },
  )
})

describe("trustedRanges", () => {
  it.each(["10.0.0.0/33", "10.0.0.0/", "::/129", "proxy.internal", "10.0.0.0/8/8", ""])(
    "refuses %j with a message naming it",
    (entry) => {
      expect(() => trustedRanges([entry])).toThrow(`${JSON.stringify(entry)} is neither an IP address nor a CIDR range`)
    },
  )

  it("parses a list once", () => {
    const list = ["10.0.0.0/8"]
    expect(trustedRanges(list)).toBe(trustedRanges(list))
  })
})
