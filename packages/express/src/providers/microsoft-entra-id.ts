// @auth/express/providers/microsoft-entra-id, as @gatehousejs/express/providers/microsoft-entra-id: the engine's provider.
export * from "@gatehousejs/core/providers/microsoft-entra-id"
export { default } from "@gatehousejs/core/providers/microsoft-entra-id"
