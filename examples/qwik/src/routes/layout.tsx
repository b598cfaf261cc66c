import { component$, Slot } from "@builder.io/qwik"
import { Form, Link } from "@builder.io/qwik-city"
import { useSession, useSignOut } from "./plugin@auth"

export default component$(() => {
  const session = useSession()
  const signOut = useSignOut()
  return (
    <>
      <header>
        <Link href="/">Home</Link> · <Link href="/protected">Protected</Link>
        {session.value?.user ? (
          <Form action={signOut}>
            <span id="who">Signed in as {session.value.user.email}</span>
            <input type="hidden" name="redirectTo" value="/" />
            <button id="sign-out">Sign out</button>
          </Form>
        ) : (
          <span id="who">Signed out</span>
        )}
      </header>
      <main>
        <Slot />
      </main>
    </>
  )
})
