/**
 * How each user last signed in (password, Demo IdP, e-mail link), for the home page. A database session row has
 * only a token, a user and an expiry, so the demo remembers the provider of each user's latest sign-in itself, in
 * memory, from `events.signIn`. Being in memory, it is forgotten at restart while the sessions live on in the
 * database: the home page then says so.
 */

/** More than the demo will ever see; the oldest entries go first. */
const MAX_ENTRIES = 10_000

export function createSignInMethods() {
  /** user id → provider id of the latest sign-in */
  const methods = new Map()
  return {
    /** For `events.signIn`. */
    signInEvent({ user, account }) {
      if (!user?.id || !account?.provider) return
      methods.delete(user.id)
      methods.set(user.id, account.provider)
      if (methods.size > MAX_ENTRIES) methods.delete(methods.keys().next().value)
    },

    /** The provider id of the user's latest sign-in, or undefined when not known (signed in before a restart). */
    methodOf(userId) {
      return methods.get(userId)
    },
  }
}
