// @auth/solid-start/providers/dribbble, as @gatehousejs/solid-start/providers/dribbble: the engine's provider.
export * from "@gatehousejs/core/providers/dribbble"
export { default } from "@gatehousejs/core/providers/dribbble"
