/**
 * The browser's side of cookies, as little of it as the benchmark needs: turn a response's `Set-Cookie` headers
 * into the `Cookie` header of the next request, and find one cookie's value.
 */

/** `name=value` pairs of every `Set-Cookie` of `response`, as a `Cookie` header (`""` when none). */
export function cookieHeader(response) {
  let header = ""
  for (const line of response.headers.getSetCookie()) {
    const end = line.indexOf(";")
    const pair = end === -1 ? line : line.slice(0, end)
    header = header ? `${header}; ${pair}` : pair
  }
  return header
}

/** The value `Set-Cookie` gives cookie `name` in `response`, or `undefined`. */
export function setCookieValue(response, name) {
  const prefix = `${name}=`
  for (const line of response.headers.getSetCookie()) {
    if (!line.startsWith(prefix)) continue
    const end = line.indexOf(";")
    return line.slice(prefix.length, end === -1 ? undefined : end)
  }
  return undefined
}
