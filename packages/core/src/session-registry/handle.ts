/**
 * The opaque handle of a session in `GET /sessions`: a keyed hash of its token. It names the session to revoke and
 * cannot be turned back into the token (SR-01), so listing never hands a page script another browser's session.
 */
import { keyedHash } from "../rate-limit/key.js"

const DOMAIN = "gatehouse session handle\0"

export async function sessionHandle(secret: string, sessionToken: string): Promise<string> {
  return (await keyedHash(secret, DOMAIN + sessionToken)).slice(0, 32)
}
