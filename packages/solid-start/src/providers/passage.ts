// @auth/solid-start/providers/passage, as @gatehousejs/solid-start/providers/passage: the engine's provider.
export * from "@gatehousejs/core/providers/passage"
export { default } from "@gatehousejs/core/providers/passage"
