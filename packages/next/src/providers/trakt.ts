// next-auth/providers/trakt, as @gatehousejs/next/providers/trakt: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/trakt"
export { default } from "@gatehousejs/core/providers/trakt"
