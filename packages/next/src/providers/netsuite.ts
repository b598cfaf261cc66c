// next-auth/providers/netsuite, as @gatehousejs/next/providers/netsuite: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/netsuite"
export { default } from "@gatehousejs/core/providers/netsuite"
