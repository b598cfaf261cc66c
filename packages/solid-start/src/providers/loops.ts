// @auth/solid-start/providers/loops, as @gatehousejs/solid-start/providers/loops: the engine's provider.
export * from "@gatehousejs/core/providers/loops"
export { default } from "@gatehousejs/core/providers/loops"
