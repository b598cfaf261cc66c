/** Full-page navigation after a sign-in or sign-out, so that server-rendered pages see the new cookies. */
import type { ClientPlatform } from "./platform.js"

/**
 * Sends the page to `url`, resolved against the page's URL. Assigning a URL that differs from the current one only
 * by its hash does not load the page again, so that case reloads explicitly (next-auth reloads for any URL with a
 * `#`, which can cancel a real navigation to another page: docs/differences.md row 30).
 */
export function navigate(platform: ClientPlatform, url: string): void {
  const here = new URL(platform.currentUrl())
  const target = new URL(url, here)
  platform.assign(target.href)
  if (target.hash && withoutHash(target) === withoutHash(here)) platform.reload()
}

function withoutHash(url: URL): string {
  return url.href.slice(0, url.href.length - url.hash.length)
}
