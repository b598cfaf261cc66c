/**
 * `@gatehousejs/sveltekit/components`, as `@auth/sveltekit/components`: `<SignIn />` and `<SignOut />`, forms posted to
 * the app's `signIn` / `signOut` form actions. Exported under the `svelte` condition: the app's build compiles them.
 */
import SignIn from "./SignIn.svelte"
import SignOut from "./SignOut.svelte"

export { SignIn, SignOut }
