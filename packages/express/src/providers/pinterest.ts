// @auth/express/providers/pinterest, as @gatehousejs/express/providers/pinterest: the engine's provider.
export * from "@gatehousejs/core/providers/pinterest"
export { default } from "@gatehousejs/core/providers/pinterest"
