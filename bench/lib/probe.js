/**
 * Is a service there? A TCP connect with a short timeout, before a database scenario imports its driver or opens a
 * pool: a missing PostgreSQL or Redis then skips that scenario with a notice instead of hanging on the driver's
 * retries or failing the run.
 */
import net from "node:net"

/** Resolves `true` when `host:port` accepts a TCP connection within `timeoutMs`, else `false`. Never rejects. */
export function tcpProbe(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok) => {
      socket.removeAllListeners()
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}
