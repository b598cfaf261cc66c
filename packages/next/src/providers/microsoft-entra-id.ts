// next-auth/providers/microsoft-entra-id, as @gatehousejs/next/providers/microsoft-entra-id: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/microsoft-entra-id"
export { default } from "@gatehousejs/core/providers/microsoft-entra-id"
