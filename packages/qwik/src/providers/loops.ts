// @auth/qwik/providers/loops, as @gatehousejs/qwik/providers/loops: the engine's provider.
export * from "@gatehousejs/core/providers/loops"
export { default } from "@gatehousejs/core/providers/loops"
