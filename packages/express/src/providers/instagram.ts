// @auth/express/providers/instagram, as @gatehousejs/express/providers/instagram: the engine's provider.
export * from "@gatehousejs/core/providers/instagram"
export { default } from "@gatehousejs/core/providers/instagram"
