// @auth/solid-start/providers/bungie, as @gatehousejs/solid-start/providers/bungie: the engine's provider.
export * from "@gatehousejs/core/providers/bungie"
export { default } from "@gatehousejs/core/providers/bungie"
