/**
 * next-auth v4's session token, without a request: the cookie name matching a v5 one, and `decode` (a compact JWE
 * `{ alg: "dir", enc: "A256GCM" }` under HKDF-SHA256(secret, salt "", info "NextAuth.js Generated Encryption Key"),
 * 15 s clock tolerance). Used by the v4 cookie reader (v4-cookie.ts) and by `decode` of `@gatehousejs/core/jwt`.
 */
import type { JWT } from "../types.js"

/** The v4 cookie name matching the v5 one: `__Secure-next-auth.session-token` when the v5 name is `__Secure-`. */
export function v4Name(v5Name: string): string {
  return `${v5Name.startsWith("__Secure-") ? "__Secure-" : ""}next-auth.session-token`
}

const INFO = new TextEncoder().encode("NextAuth.js Generated Encryption Key")
const keys = new Map<string, Promise<Uint8Array>>()

/** next-auth v4's `getDerivedEncryptionKey(secret)`, cached per secret (a handful at most: the configured ones). */
function v4Key(secret: string): Promise<Uint8Array> {
  let key = keys.get(secret)
  if (key === undefined) {
    key = (async () => {
      const ikm = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"])
      const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: INFO }, ikm, 256)
      return new Uint8Array(bits)
    })()
    if (keys.size >= 16) keys.delete(keys.keys().next().value!)
    keys.set(secret, key)
  }
  return key
}

/** next-auth v4's `decode`: the JWT inside a v4 session token, tried with each secret; `null` when none opens it. */
export async function decodeV4Jwt(token: string, secrets: readonly string[]): Promise<JWT | null> {
  const { jwtDecrypt } = await import("jose")
  for (const secret of secrets) {
    try {
      const { payload } = await jwtDecrypt(token, await v4Key(secret), {
        clockTolerance: 15,
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      })
      return payload as JWT
    } catch {
      // next secret
    }
  }
  return null
}
