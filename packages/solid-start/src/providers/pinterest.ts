// @auth/solid-start/providers/pinterest, as @gatehousejs/solid-start/providers/pinterest: the engine's provider.
export * from "@gatehousejs/core/providers/pinterest"
export { default } from "@gatehousejs/core/providers/pinterest"
