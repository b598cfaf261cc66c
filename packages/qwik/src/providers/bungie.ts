// @auth/qwik/providers/bungie, as @gatehousejs/qwik/providers/bungie: the engine's provider.
export * from "@gatehousejs/core/providers/bungie"
export { default } from "@gatehousejs/core/providers/bungie"
