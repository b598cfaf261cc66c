// next-auth/providers/eveonline, as @gatehousejs/next/providers/eveonline: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/eveonline"
export { default } from "@gatehousejs/core/providers/eveonline"
