/**
 * oidc-provider, loaded without its "Unsupported runtime. Use Node.js v22.x LTS" warning. It prints that line on every
 * Node before 22 LTS, at import, with `console.warn`; this project supports Node 20.18 (`engines`) and tests the Demo
 * IdP there, so on every `npm start` the line only told the user to upgrade for nothing. Silenced narrowly: that one
 * message, only while the module loads; every other warning of oidc-provider still prints.
 */
const original = console.warn
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].includes("oidc-provider WARNING: Unsupported runtime")) return
  original.apply(console, args)
}
let oidcProvider
try {
  oidcProvider = await import("oidc-provider")
} finally {
  console.warn = original
}

export const Provider = oidcProvider.default
export const errors = oidcProvider.errors
