/**
 * Credential ids and public keys as Auth.js stores them — standard base64 with padding — and as WebAuthn JSON carries
 * them — base64url without padding. Web-standard (`atob`/`btoa`), so it runs wherever the core does.
 */

/** Bytes from base64 or base64url, padded or not. Throws on anything else. */
export function bytesFromBase64(value: string): Uint8Array {
  const standard = value.replace(/-/g, "+").replace(/_/g, "/")
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) throw new TypeError("not base64")
  const padded = standard.replace(/=+$/, "").padEnd(Math.ceil(standard.replace(/=+$/, "").length / 4) * 4, "=")
  const binary = atob(padded)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Standard base64 with padding (the Auth.js storage format of `credentialID` and `credentialPublicKey`). */
export function base64FromBytes(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** base64url without padding (the WebAuthn JSON format). */
export function base64urlFromBytes(bytes: Uint8Array): string {
  return base64FromBytes(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/** A credential id in any base64 spelling, as stored: standard base64 with padding (Auth.js `toBase64(fromBase64(id))`). */
export function storedCredentialId(id: string): string {
  return base64FromBytes(bytesFromBase64(id))
}

/** Auth.js stores transports comma-separated. */
export function transportsToString(transports: unknown): string | undefined {
  return Array.isArray(transports) && transports.every((t) => typeof t === "string") && transports.length ? transports.join(",") : undefined
}

export function stringToTransports(value: string | null | undefined): string[] | undefined {
  return value ? value.split(",") : undefined
}
