/**
 * The types of `SignIn.svelte` (copied next to it into `dist/`): its props, and what fills its three places — a slot
 * for a Svelte 4-style parent (`<div slot="submitButton">`), a snippet prop for a Svelte 5 parent.
 */
import { SvelteComponent, type Snippet } from "svelte"
import type { SignInAuthorizationParams, SignInOptions } from "../types.js"

export interface SignInProps {
  className?: string
  /** The provider's id; empty: the sign-in page listing every provider. */
  provider?: string
  /** The path of the route whose form action signs in. @default "signin" */
  signInPage?: string
  options?: SignInOptions<boolean>
  authorizationParams?: SignInAuthorizationParams
  /** The button's content. */
  submitButton?: Snippet
  /** The credentials fields, shown for the `credentials` provider. */
  credentials?: Snippet
  /** Replaces the e-mail field shown for an e-mail provider. */
  email?: Snippet
  /** Any other attribute goes on the `<form>`. */
  [attribute: string]: unknown
}

export type SignInSlots = { submitButton: Record<string, never>; credentials: Record<string, never>; email: Record<string, never> }

export default class SignIn extends SvelteComponent<SignInProps, Record<string, CustomEvent>, SignInSlots> {}
