/**
 * A protected page: its own `load` checks the session (SvelteKit runs a page's server `load` for every request of it,
 * a layout's not necessarily), and sends a signed-out visitor to the sign-in page, coming back here afterwards.
 */
import { redirect } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth()
  if (!session?.user) redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  return { name: session.user.name ?? session.user.email }
}
