/**
 * `next/navigation` for the type checker. The code must import it without `.js`: Next.js's bundler swaps the bare
 * specifier for its server build, while `next/navigation.js` drags the client router into route handlers and
 * `next build` fails ("Could not parse module …/app-route/vendored/contexts/app-router-context.js"). Next.js has no
 * `exports` map, so NodeNext resolution finds only the `.js` file: this declaration names the bare one.
 */
declare module "next/navigation" {
  export * from "next/navigation.js"
}
