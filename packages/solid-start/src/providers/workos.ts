// @auth/solid-start/providers/workos, as @gatehousejs/solid-start/providers/workos: the engine's provider.
export * from "@gatehousejs/core/providers/workos"
export { default } from "@gatehousejs/core/providers/workos"
