import { component$ } from "@builder.io/qwik"
import { Form } from "@builder.io/qwik-city"
import { useSession, useSignIn } from "./plugin@auth"

export default component$(() => {
  const session = useSession()
  const signIn = useSignIn()
  if (session.value?.user) return <p>Hello, {session.value.user.name}.</p>
  return (
    <>
      <h1>Sign in</h1>
      <Form action={signIn}>
        <input type="hidden" name="providerId" value="credentials" />
        <input type="hidden" name="options.redirectTo" value="/protected" />
        <label>
          Username <input name="options.username" autoComplete="username" />
        </label>
        <label>
          Password <input name="options.password" type="password" autoComplete="current-password" />
        </label>
        <button id="sign-in">Sign in</button>
      </Form>
      <p>
        Or the built-in page: <a href="/auth/signin">/auth/signin</a>. Users: alice / wonderland, bob / builder.
      </p>
    </>
  )
})
