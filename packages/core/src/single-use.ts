/**
 * One-time values kept in the adapter's store, so single use holds across processes
 * (docs/design.md#single-use-state-in-the-store, security catalog RT-10): a WebAuthn challenge, an OAuth `state`.
 * Issued as a verification-token row, used by `useVerificationToken`, which every conforming adapter makes atomic
 * (DB-02): of any number of uses, on any process, exactly one succeeds.
 *
 * Rows cannot be mistaken for magic links: the identifier (`webauthn-challenge:<provider>`) holds a `:`, which
 * `normalizeEmail` refuses in an address; and the stored token is `sha256(secret ␀ identifier ␀ value)`, while a magic
 * link's is `sha256(token secret)` — an e-mail callback cannot produce one without knowing the secret, even under an
 * app's own `normalizeIdentifier`.
 */
import type { Adapter } from "./adapters.js"
import { sha256Hex } from "./runtime/random.js"

/** What a one-time value is for; part of its identifier in the store. */
export type SingleUsePurpose = "webauthn-challenge" | "oauth-state"

/** The adapter methods single-use values need. */
export const singleUseMethods = ["createVerificationToken", "useVerificationToken"] as const satisfies readonly (keyof Adapter)[]

export type SingleUseStore = Required<Pick<Adapter, (typeof singleUseMethods)[number]>>

/** The adapter as a store of one-time values, or `undefined` when it lacks the methods (or there is none). */
export function singleUseStore(adapter: Adapter | undefined): SingleUseStore | undefined {
  if (!adapter || singleUseMethods.some((method) => typeof adapter[method] !== "function")) return undefined
  return adapter as SingleUseStore
}

/** One kind of one-time value of one provider, in one store. */
export interface SingleUse {
  store: SingleUseStore
  /** The configured secrets; the first one issues, each one is tried at use (a rotation mid-ceremony). */
  secrets: readonly string[]
  purpose: SingleUsePurpose
  providerId: string
}

function identifierOf(use: SingleUse): string {
  return `${use.purpose}:${use.providerId}`
}

function tokenOf(use: SingleUse, secret: string, value: string): Promise<string> {
  return sha256Hex(`${secret}\u0000${identifierOf(use)}\u0000${value}`)
}

/** Records `value` as issued, usable once until `expires`. */
export async function issueSingleUse(use: SingleUse, value: string, expires: Date): Promise<void> {
  await use.store.createVerificationToken({ identifier: identifierOf(use), token: await tokenOf(use, use.secrets[0]!, value), expires })
}

/** Uses `value`: true the first time, on whichever process, while unexpired; false when unknown, used or expired. */
export async function useSingleUse(use: SingleUse, value: string): Promise<boolean> {
  for (const secret of use.secrets) {
    const row = await use.store.useVerificationToken({ identifier: identifierOf(use), token: await tokenOf(use, secret, value) })
    if (row) return new Date(row.expires).valueOf() > Date.now()
  }
  return false
}
