// @auth/qwik/providers/pinterest, as @gatehousejs/qwik/providers/pinterest: the engine's provider.
export * from "@gatehousejs/core/providers/pinterest"
export { default } from "@gatehousejs/core/providers/pinterest"
