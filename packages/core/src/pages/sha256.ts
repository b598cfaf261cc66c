/**
 * A small synchronous SHA-256 (FIPS 180-4 §6.2) for the `style-src 'sha256-…'` source of the pages' CSP.
 *
 * Why not Web Crypto: `crypto.subtle.digest` is asynchronous and the page renderers are synchronous pure functions.
 * Why not `node:crypto`: core must run on edge runtimes and must not import `node:` statically. The input is a few
 * kilobytes of CSS per render, so a plain implementation costs microseconds. Verified against `node:crypto` in
 * `test/pages/sha256.test.ts`.
 */

// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

// FIPS 180-4 §5.3.3: the initial hash value.
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n))
}

/** The SHA-256 digest of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  // §5.1.1 padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer.
  const blocks = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64)
  blocks.set(message)
  blocks[message.length] = 0x80
  const view = new DataView(blocks.buffer)
  const bitLength = message.length * 8
  view.setUint32(blocks.length - 8, Math.floor(bitLength / 0x1_0000_0000))
  view.setUint32(blocks.length - 4, bitLength >>> 0)

  const H = Uint32Array.from(H0)
  const W = new Uint32Array(64)
  for (let offset = 0; offset < blocks.length; offset += 64) {
    for (let t = 0; t < 16; t++) W[t] = view.getUint32(offset + t * 4)
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15]!
      const w2 = W[t - 2]!
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      W[t] = W[t - 16]! + s0 + W[t - 7]! + s1
    }

    let [a, b, c, d, e, f, g, h] = H as unknown as [number, number, number, number, number, number, number, number]
    for (let t = 0; t < 64; t++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      const ch = (e & f) ^ (~e & g)
      const T1 = (h + S1 + ch + K[t]! + W[t]!) | 0
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      const maj = (a & b) ^ (a & c) ^ (b & c)
      const T2 = (S0 + maj) | 0
      h = g
      g = f
      f = e
      e = (d + T1) | 0
      d = c
      c = b
      b = a
      a = (T1 + T2) | 0
    }
    H[0]! += a
    H[1]! += b
    H[2]! += c
    H[3]! += d
    H[4]! += e
    H[5]! += f
    H[6]! += g
    H[7]! += h
  }

  const digest = new Uint8Array(32)
  const out = new DataView(digest.buffer)
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, H[i]!)
  return digest
}

/**
 * The CSP hash source for an inline `<style>` element's text: `'sha256-<base64>'` of its UTF-8 bytes
 * (CSP Level 3 §8.4 "Does element match source list for type and source?").
 *
 * @example
 * `style-src ${cspHashSource(css)}` // "style-src 'sha256-…'"
 */
export function cspHashSource(text: string): string {
  const digest = sha256(new TextEncoder().encode(text))
  let binary = ""
  for (const byte of digest) binary += String.fromCharCode(byte)
  return `'sha256-${btoa(binary)}'`
}
