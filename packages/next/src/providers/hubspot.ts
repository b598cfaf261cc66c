// next-auth/providers/hubspot, as @gatehousejs/next/providers/hubspot: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/hubspot"
export { default } from "@gatehousejs/core/providers/hubspot"
