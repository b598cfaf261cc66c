// @auth/qwik/providers/dribbble, as @gatehousejs/qwik/providers/dribbble: the engine's provider.
export * from "@gatehousejs/core/providers/dribbble"
export { default } from "@gatehousejs/core/providers/dribbble"
