// @auth/express/providers/bungie, as @gatehousejs/express/providers/bungie: the engine's provider.
export * from "@gatehousejs/core/providers/bungie"
export { default } from "@gatehousejs/core/providers/bungie"
