/**
 * The driver's HTTP client: `node:http` over keep-alive sockets to the app on loopback, plus a cookie jar that
 * applies `Set-Cookie` as a browser does. Every answer carries its latency in ms.
 */
import http from "node:http"
import { performance } from "node:perf_hooks"

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/**
 * One request. `body` (an object) is sent form-encoded, `json` as JSON; `via` another agent than the shared one (whose
 * 64 sockets would queue a flood in the driver). Resolves `{ status, headers, body, ms }`; never rejects on a status.
 */
export function request(origin, method, path, { cookie, body, json, headers = {}, timeoutMs = 60_000, via = agent } = {}) {
  const payload = json !== undefined ? JSON.stringify(json) : body ? new URLSearchParams(body).toString() : undefined
  const type = json !== undefined ? "application/json" : "application/x-www-form-urlencoded"
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, {
      method,
      agent: via,
      headers: {
        ...headers,
        ...(cookie ? { cookie } : {}),
        ...(payload ? { "content-type": type, "content-length": Buffer.byteLength(payload) } : {}),
      },
      timeout: timeoutMs,
    })
    req.on("timeout", () => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)))
    req.on("error", reject)
    req.on("response", (res) => {
      const chunks = []
      res.on("data", (chunk) => chunks.push(chunk))
      res.on("error", reject)
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
      )
    })
    req.end(payload)
  })
}

/** The `Set-Cookie` lines of an answer. */
export function setCookies(answer) {
  return answer.headers["set-cookie"] ?? []
}

/** True when the answer expires (deletes) cookie `name`. */
export function clearsCookie(answer, name) {
  return setCookies(answer).some((line) => line.startsWith(`${name}=`) && /(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(line))
}

export class Jar {
  cookies = new Map()

  store(answer) {
    for (const line of setCookies(answer)) {
      const [pair, ...attributes] = line.split("; ")
      const eq = pair.indexOf("=")
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      if (value === "" || attributes.some((a) => /^Max-Age=0$/i.test(a) || a.startsWith("Expires=Thu, 01 Jan 1970"))) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return answer
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  }
}

/** A browser: requests carry and keep its cookies. */
export class Browser {
  jar = new Jar()
  constructor(origin) {
    this.origin = origin
  }

  async request(method, path, options = {}) {
    return this.jar.store(await request(this.origin, method, path, { ...options, cookie: this.jar.header() || undefined }))
  }

  async csrfToken(base) {
    const answer = await this.request("GET", `${base}/csrf`)
    return JSON.parse(answer.body).csrfToken
  }
}

/** The session cookie name on plain http (no `__Secure-` prefix). */
export const SESSION_COOKIE = "authjs.session-token"

/** A response body that looks like a leaked stack trace or internal error. */
export function looksLikeStack(body) {
  return /\n\s+at |Error: |node:internal|\/src\/|\.js:\d+/.test(body)
}
