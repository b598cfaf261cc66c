// next-auth/providers/okta, as @gatehousejs/next/providers/okta: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/okta"
export { default } from "@gatehousejs/core/providers/okta"
