// @auth/solid-start/providers/box, as @gatehousejs/solid-start/providers/box: the engine's provider.
export * from "@gatehousejs/core/providers/box"
export { default } from "@gatehousejs/core/providers/box"
