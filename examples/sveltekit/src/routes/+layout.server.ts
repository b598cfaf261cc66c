// The session for every page: `page.data.session` (App.PageData), read once per request by `locals.auth()`.
import type { LayoutServerLoad } from "./$types"

export const load: LayoutServerLoad = async (event) => ({ session: await event.locals.auth() })
