/**
 * DNS rebinding defence for the demo and the Demo IdP (RT-04): a page of another site can make the browser resolve its
 * own name to 127.0.0.1 and then read our answers as same-origin — the outbox with everyone's live sign-in links, the
 * IdP that signs in as anyone. Such a request still carries the other site's name in `Host`, so each server answers
 * only for its own names: `localhost`, `127.0.0.1` and `[::1]` on its port, and the host of `AUTH_URL` when set.
 * Anything else gets 421 Misdirected Request (RFC 9110 §15.5.20).
 */

/**
 * The `Host` values a server on `port` answers for; `publicUrl` (the app's `AUTH_URL`) adds its host.
 *
 * @example
 * allowedHosts({ port: 3000, publicUrl: "https://demo.example/auth" })
 * // Set { "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "demo.example" }
 */
export function allowedHosts({ port, publicUrl }) {
  const hosts = new Set()
  for (const name of ["localhost", "127.0.0.1", "[::1]"]) {
    hosts.add(`${name}:${port}`)
    // A browser leaves out the default port.
    if (port === 80) hosts.add(name)
  }
  if (publicUrl) {
    try {
      hosts.add(new URL(publicUrl).host.toLowerCase())
    } catch {
      // An unparsable AUTH_URL is ignored here as Gatehouse ignores it.
    }
  }
  return hosts
}

/**
 * Answers 421 and returns true when the request's `Host` is not one of `hosts`; returns false, having done nothing,
 * otherwise. The foreign name is not echoed.
 */
export function refuseForeignHost(req, res, hosts) {
  const host = (req.headers.host ?? "").toLowerCase()
  if (hosts.has(host)) return false
  const body = "Misdirected Request: this server answers only for its own host names (localhost).\n"
  res.writeHead(421, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  })
  res.end(body)
  return true
}
