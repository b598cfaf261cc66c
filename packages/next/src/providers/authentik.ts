// next-auth/providers/authentik, as @gatehousejs/next/providers/authentik: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/authentik"
export { default } from "@gatehousejs/core/providers/authentik"
