// next-auth/providers/auth0, as @gatehousejs/next/providers/auth0: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/auth0"
export { default } from "@gatehousejs/core/providers/auth0"
