/** The connection's address, which a Web `Request` does not carry: framework packages attach it, the limiter reads it. */

/** A registry symbol, so that a framework package and the engine agree even when each loaded its own copy of core. */
const PEER = Symbol.for("gatehousejs.peerAddress")

type WithPeer = Request & { [PEER]?: string }

/**
 * Records the address of the connection `request` came in on (Node's `socket.remoteAddress`; Express's `req.ip`,
 * which already applies `trust proxy`) and returns the same request. Framework packages do this for you; an app
 * calling `Auth()` or `handlers` itself does it so that per-client rate limits know the client.
 *
 * @example
 * server.on("request", async (req, res) => send(res, await Auth(withPeerAddress(toRequest(req), req.socket.remoteAddress), config)))
 */
export function withPeerAddress<T extends Request>(request: T, address: string | undefined | null): T {
  if (typeof address === "string" && address !== "") {
    Object.defineProperty(request, PEER, { value: address, enumerable: false, configurable: true })
  }
  return request
}

/** The recorded connection address of `request`, or `undefined` (no framework package recorded one). */
export function peerAddressOf(request: Request): string | undefined {
  return (request as WithPeer)[PEER]
}
