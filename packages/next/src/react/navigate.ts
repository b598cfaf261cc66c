/**
 * Full-page navigation after a sign-in or sign-out, so that server components and middleware see the new cookies.
 */

/**
 * Sends the browser to `url`. Setting `location.href` to a URL that differs from the current one only by its hash
 * does not load the page again, so that case reloads explicitly (next-auth reloads for any URL with a `#`, which
 * can cancel a real navigation to another page).
 */
export function navigate(url: string): void {
  const here = new URL(window.location.href)
  const target = new URL(url, here)
  window.location.href = target.href
  if (target.hash && withoutHash(target) === withoutHash(here)) window.location.reload()
}

function withoutHash(url: URL): string {
  return url.href.slice(0, url.href.length - url.hash.length)
}
