/**
 * The minimal node:crypto floor: the least work a JWT session check can do and still be correct about the token —
 * find the session cookie, split the compact JWE, check the HMAC-SHA-512 tag in constant time, AES-256-CBC decrypt
 * (RFC 7518 §5.2.2), parse the claims, check `exp`, answer with the session JSON. The key is derived once, up front.
 * It skips what a library must also do (route the URL, validate the header's alg/enc/kid, run callbacks, CSRF-free
 * method checks, cache headers…), so it is a lower bound for cost, not a competitor.
 */
import { createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

const CLOCK_TOLERANCE = 15

/** A `(request) => Response` session check for tokens in cookie `cookieName` encrypted with `secret`. */
export function createFloorSessionCheck({ secret, cookieName }) {
  const key = Buffer.from(
    hkdfSync("sha256", secret, cookieName, `Auth.js Generated Encryption Key (${cookieName})`, 64),
  )
  const macKey = key.subarray(0, 32)
  const encKey = key.subarray(32, 64)
  const prefix = `${cookieName}=`
  const headers = { "content-type": "application/json" }

  function readCookie(header) {
    if (!header) return undefined
    let at = 0
    for (;;) {
      at = header.indexOf(prefix, at)
      if (at === -1) return undefined
      if (at === 0 || header[at - 1] === " " || header[at - 1] === ";") break
      at += prefix.length
    }
    const start = at + prefix.length
    const end = header.indexOf(";", start)
    return header.slice(start, end === -1 ? undefined : end)
  }

  function claims(token) {
    const parts = token.split(".")
    if (parts.length !== 5 || parts[1] !== "") return null
    const [protectedHeader, , ivB64, ciphertextB64, tagB64] = parts
    const iv = Buffer.from(ivB64, "base64url")
    const ciphertext = Buffer.from(ciphertextB64, "base64url")
    const tag = Buffer.from(tagB64, "base64url")
    if (iv.length !== 16 || tag.length !== 32) return null
    const aad = Buffer.from(protectedHeader, "ascii")
    const al = Buffer.alloc(8)
    al.writeBigUInt64BE(BigInt(aad.length * 8))
    const mac = createHmac("sha512", macKey).update(aad).update(iv).update(ciphertext).update(al).digest()
    if (!timingSafeEqual(mac.subarray(0, 32), tag)) return null
    const decipher = createDecipheriv("aes-256-cbc", encKey, iv)
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()])
    const payload = JSON.parse(plaintext.toString("utf8"))
    if (typeof payload.exp !== "number" || payload.exp < Date.now() / 1000 - CLOCK_TOLERANCE) return null
    return payload
  }

  return function floorSessionCheck(request) {
    const token = readCookie(request.headers.get("cookie"))
    let payload = null
    try {
      payload = token ? claims(token) : null
    } catch {
      payload = null
    }
    const session = payload
      ? {
          user: { name: payload.name, email: payload.email, image: payload.picture },
          expires: new Date(payload.exp * 1000).toISOString(),
        }
      : null
    return new Response(JSON.stringify(session), { headers })
  }
}
