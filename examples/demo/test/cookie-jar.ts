/** A browser's cookie store for one origin, for the demo's loopback tests (idp.test.ts, loopback-browser.ts). */

interface StoredCookie {
  name: string
  value: string
  path: string
}

/** Names, values and paths, enough for these flows; expired cookies go. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const name = pair.slice(0, pair.indexOf("=")).trim()
      const value = pair.slice(pair.indexOf("=") + 1).trim()
      let path = "/"
      let expired = value === ""
      for (const attribute of attributes) {
        const [key = "", val = ""] = attribute.trim().split("=")
        if (key.toLowerCase() === "path") path = val
        if (key.toLowerCase() === "max-age" && Number(val) <= 0) expired = true
        if (key.toLowerCase() === "expires" && Date.parse(val) <= Date.now()) expired = true
      }
      const key = `${name};${path}`
      if (expired) this.cookies.delete(key)
      else this.cookies.set(key, { name, value, path })
    }
  }

  has(name: string): boolean {
    return [...this.cookies.values()].some((cookie) => cookie.name === name)
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(({ path }) => path === "/" || url.pathname === path || url.pathname.startsWith(`${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ")
  }
}
