/**
 * The types of `SignOut.svelte` (copied next to it into `dist/`): its props, and its button's content as a slot
 * (Svelte 4-style parent) or a snippet prop (Svelte 5 parent).
 */
import { SvelteComponent, type Snippet } from "svelte"
import type { SignOutOptions } from "../types.js"

export interface SignOutProps {
  className?: string
  options?: SignOutOptions<boolean>
  /** The path of the route whose form action signs out. @default "signout" */
  signOutPage?: string
  /** The button's content. */
  submitButton?: Snippet
  /** Any other attribute goes on the `<form>`. */
  [attribute: string]: unknown
}

export type SignOutSlots = { submitButton: Record<string, never> }

export default class SignOut extends SvelteComponent<SignOutProps, Record<string, CustomEvent>, SignOutSlots> {}
