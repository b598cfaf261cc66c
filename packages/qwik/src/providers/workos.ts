// @auth/qwik/providers/workos, as @gatehousejs/qwik/providers/workos: the engine's provider.
export * from "@gatehousejs/core/providers/workos"
export { default } from "@gatehousejs/core/providers/workos"
