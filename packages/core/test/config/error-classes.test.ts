/**
 * Issue 13 scope 2, the error classes: every class `@auth/core/errors` 0.41 exports exists in `@gatehousejs/core/errors`
 * (and the root) under the same name, with the same parent, the same static and instance `type`, the same `kind`, and
 * the same answer from `isClientError` — so `instanceof` checks and `switch (error.type)` in an app keep working.
 * The rows below are the deliberate differences (docs/differences.md row 70).
 */
import * as theirs from "@auth/core/errors"
import * as root from "@gatehousejs/core"
import * as ours from "@gatehousejs/core/errors"
import { describe, expect, it } from "vitest"

type ErrorClass = (new (message?: string) => Error & { type?: string; kind?: string }) & { type?: string; kind?: string }

/** What differs on purpose, by class name and property: [Auth.js's value, ours]. */
const deliberate: Record<string, Record<string, [unknown, unknown]>> = {
  // Auth.js's SignInError has no `type` of its own, so its instances say "AuthError"; ours name themselves.
  SignInError: { staticType: [undefined, "SignInError"], type: ["AuthError", "SignInError"] },
  // The spec names the class MissingSecretError; `MissingSecret` is exported too, as the same class.
  MissingSecret: { name: ["MissingSecret", "MissingSecretError"] },
  // RT-05: the error page must say that sign-out did not complete; the type reveals nothing else.
  SignOutError: { isClientError: [false, true] },
}

/** Exported by @auth/core/errors at run time, though its .d.ts does not declare it. */
const theirIsClientError = (theirs as unknown as { isClientError: (error: unknown) => boolean }).isClientError
const classes = Object.entries(theirs).filter(([, value]) => typeof value === "function" && (value as unknown) !== theirIsClientError) as [string, ErrorClass][]

function describeClass(Class: ErrorClass, isClientError: (error: unknown) => boolean): Record<string, unknown> {
  const instance = new Class("message")
  return {
    parent: Object.getPrototypeOf(Class).name,
    staticType: Class.type,
    staticKind: Class.kind,
    type: instance.type,
    kind: instance.kind,
    name: instance.name,
    isClientError: isClientError(instance),
  }
}

describe("the error classes of @auth/core/errors", () => {
  it("the list is the one we compare (33 classes)", () => {
    expect(classes.length).toBeGreaterThanOrEqual(33)
  })

  it.each(classes)("%s: same name, parent, type, kind and client-safety", (name, TheirClass) => {
    const OurClass = (ours as unknown as Record<string, ErrorClass>)[name]
    expect(OurClass, `@gatehousejs/core/errors exports ${name}`).toBeTypeOf("function")
    expect((root as unknown as Record<string, unknown>)[name], `@gatehousejs/core exports ${name}`).toBe(OurClass)
    const expected = describeClass(TheirClass, theirIsClientError)
    const actual = describeClass(OurClass!, ours.isClientError)
    for (const [property, [authjs, gatehouse]] of Object.entries(deliberate[name] ?? {})) {
      expect(expected[property], `Auth.js's ${name}.${property} is still what the row says`).toEqual(authjs)
      expected[property] = gatehouse
    }
    expect(actual).toEqual(expected)
    expect(new OurClass!("m")).toBeInstanceOf(ours.AuthError)
  })
})
