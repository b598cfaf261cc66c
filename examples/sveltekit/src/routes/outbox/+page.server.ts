// The outbox: the sign-in e-mails "sent" by this server, newest first, while their links are valid.
import { outbox } from "$lib/server/outbox"
import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = () => ({
  messages: outbox.list().map(({ id, to, link, expires }) => ({ id, to, link, expires: expires.toISOString() })),
})
