// @auth/qwik/providers/box, as @gatehousejs/qwik/providers/box: the engine's provider.
export * from "@gatehousejs/core/providers/box"
export { default } from "@gatehousejs/core/providers/box"
