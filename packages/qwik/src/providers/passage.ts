// @auth/qwik/providers/passage, as @gatehousejs/qwik/providers/passage: the engine's provider.
export * from "@gatehousejs/core/providers/passage"
export { default } from "@gatehousejs/core/providers/passage"
