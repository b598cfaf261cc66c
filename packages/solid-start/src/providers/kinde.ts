// @auth/solid-start/providers/kinde, as @gatehousejs/solid-start/providers/kinde: the engine's provider.
export * from "@gatehousejs/core/providers/kinde"
export { default } from "@gatehousejs/core/providers/kinde"
