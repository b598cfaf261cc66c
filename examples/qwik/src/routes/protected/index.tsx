import { component$ } from "@builder.io/qwik"
import type { RequestHandler } from "@builder.io/qwik-city"
import type { Session } from "@gatehousejs/qwik"
import { useSession } from "../plugin@auth"

// Signed out: to the sign-in page, and back here afterwards.
export const onRequest: RequestHandler = (event) => {
  const session = event.sharedMap.get("session") as Session | null
  if (!session || new Date(session.expires) < new Date()) {
    throw event.redirect(302, `/auth/signin?${new URLSearchParams({ callbackUrl: event.url.href })}`)
  }
}

export default component$(() => {
  const session = useSession()
  return <p id="secret">Only for {session.value?.user?.email}.</p>
})
