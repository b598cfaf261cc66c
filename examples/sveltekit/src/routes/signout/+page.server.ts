// The sign-out form action, exactly as @auth/sveltekit documents it: the `<SignOut />` button posts here.
import { signOut } from "../../auth"
import type { Actions } from "./$types"

export const actions: Actions = { default: signOut }
