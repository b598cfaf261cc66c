/** Which client a request's budgets belong to: the connection's peer, or the right-most untrusted forwarded address. */

/** An IP address as eight 16-bit groups; IPv4 is held IPv4-mapped (`::ffff:a.b.c.d`), so both forms compare equal. */
type Groups = readonly number[]

interface Range {
  groups: Groups
  /** Prefix length in bits, 0 … 128 (an IPv4 prefix is counted after the 96 mapped bits). */
  bits: number
}

const parsedProxies = new WeakMap<readonly string[], readonly Range[]>()

/**
 * The address a request's per-client budgets are keyed on (security catalog RL-05). With no trusted proxies it is
 * the connection's `peer`, loopback included, and `X-Forwarded-For` is ignored: any client can write that header.
 * With trusted proxies (addresses or CIDR ranges, IPv4 or IPv6), `peer` is appended to the header's list and the
 * right-most address that is not a trusted proxy is the client: everything to its left was written by the client
 * itself. Malformed entries are skipped; when every entry is a trusted proxy, the left-most one is the client.
 * Addresses come back canonical (IPv4 dotted, IPv6 as RFC 5952, IPv4-mapped IPv6 as IPv4); an `undefined` or
 * unreadable peer is `"unknown"`.
 *
 * @example
 * clientAddress("10.0.0.2", "203.0.113.7, 10.0.0.1", ["10.0.0.0/8"]) // "203.0.113.7"
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  trustedProxies: readonly string[],
): string {
  const from = peer === undefined ? undefined : parseAddress(peer)
  if (trustedProxies.length === 0 || forwardedFor === null) return from ? formatAddress(from) : "unknown"
  const ranges = trustedRanges(trustedProxies)
  const chain = forwardedFor.split(",").map(parseAddress)
  chain.push(from)
  let leftMost: Groups | undefined
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i]
    if (!address) continue
    if (!ranges.some((range) => inRange(address, range))) return formatAddress(address)
    leftMost = address
  }
  return leftMost ? formatAddress(leftMost) : "unknown"
}

/**
 * What one client's budget is keyed on: an IPv4 address itself, an IPv6 address's /64 network (one subscriber is
 * usually given a whole /64, and could otherwise spend a fresh budget from each of its 2^64 addresses).
 *
 * @example
 * budgetNetwork("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 */
export function budgetNetwork(address: string): string {
  const groups = parseAddress(address)
  if (!groups || isMappedV4(groups)) return address
  return `${formatAddress([...groups.slice(0, 4), 0, 0, 0, 0])}/64`
}

/**
 * The trusted-proxy list as ranges; throws a `TypeError` naming the first entry that is neither an address nor a
 * CIDR range, so a typo fails at start-up instead of silently trusting less. Parsed once per list object.
 */
export function trustedRanges(trustedProxies: readonly string[]): readonly Range[] {
  const cached = parsedProxies.get(trustedProxies)
  if (cached) return cached
  const ranges = trustedProxies.map((entry) => {
    const range = typeof entry === "string" ? parseRange(entry) : undefined
    if (!range) {
      throw new TypeError(
        `rateLimit trustedProxies: ${JSON.stringify(entry)} is neither an IP address nor a CIDR range (such as "10.0.0.0/8" or "2001:db8::/32").`,
      )
    }
    return range
  })
  parsedProxies.set(trustedProxies, ranges)
  return ranges
}

function parseRange(entry: string): Range | undefined {
  const slash = entry.indexOf("/")
  const groups = parseAddress(slash === -1 ? entry : entry.slice(0, slash))
  if (!groups) return undefined
  if (slash === -1) return { groups, bits: 128 }
  const prefix = entry.slice(slash + 1).trim()
  if (!/^\d{1,3}$/.test(prefix)) return undefined
  const isV4 = isMappedV4(groups) && !entry.includes(":")
  const bits = Number(prefix) + (isV4 ? 96 : 0)
  return bits <= 128 && (!isV4 || Number(prefix) <= 32) ? { groups, bits } : undefined
}

function inRange(address: Groups, range: Range): boolean {
  for (let i = 0, left = range.bits; left > 0; i++, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff
    if (((address[i]! ^ range.groups[i]!) & mask) !== 0) return false
  }
  return true
}

function isMappedV4(groups: Groups): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
}

/**
 * One address as proxies write it: IPv4 (`203.0.113.7`, optionally `:port`), IPv6 (optionally in brackets with a
 * port, optionally with a `%zone`), surrounded by spaces. Anything else (`unknown`, obfuscated RFC 7239 names, leading
 * zeros that some parsers read as octal) is `undefined`.
 */
function parseAddress(raw: string): Groups | undefined {
  let text = raw.trim()
  if (text.length > 64) return undefined
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(":"))
  const zone = text.indexOf("%")
  if (zone !== -1) text = text.slice(0, zone)
  if (!text.includes(":")) {
    const v4 = parseV4(text)
    return v4 && [0, 0, 0, 0, 0, 0xffff, ...v4]
  }
  return parseV6(text)
}

/** Dotted quad to two 16-bit groups. */
function parseV4(text: string): [number, number] | undefined {
  const parts = text.split(".")
  if (parts.length !== 4) return undefined
  const bytes: number[] = []
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined
    bytes.push(Number(part))
  }
  return [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!]
}

function parseV6(text: string): Groups | undefined {
  const halves = text.split("::")
  if (halves.length > 2) return undefined
  // An embedded IPv4 address may only end the address (RFC 4291 §2.2).
  const head = parseGroups(halves[0]!, halves.length === 1)
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : []
  if (!head || !tail) return undefined
  if (halves.length === 1) return head.length === 8 ? head : undefined
  if (head.length + tail.length > 7) return undefined
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

/** Colon-separated hex groups (none for an empty string), the last one possibly a dotted IPv4 address. */
function parseGroups(text: string, mayEndInV4: boolean): number[] | undefined {
  if (text === "") return []
  const parts = text.split(":")
  const groups: number[] = []
  for (const [i, part] of parts.entries()) {
    if (/^[\da-f]{1,4}$/i.test(part)) groups.push(parseInt(part, 16))
    else if (mayEndInV4 && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseV4(part)
      if (!v4) return undefined
      groups.push(...v4)
    } else return undefined
  }
  return groups
}

/** IPv4 (and IPv4-mapped IPv6) dotted, other IPv6 per RFC 5952: lower case, the longest run of zero groups as `::`. */
function formatAddress(groups: Groups): string {
  if (isMappedV4(groups)) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".")
  }
  let bestStart = -1
  let bestLength = 1
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && groups[j] === 0) j++
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i]
    i = j
  }
  const hex = groups.map((group) => group.toString(16))
  if (bestStart === -1) return hex.join(":")
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`
}
