// @auth/qwik/providers/kinde, as @gatehousejs/qwik/providers/kinde: the engine's provider.
export * from "@gatehousejs/core/providers/kinde"
export { default } from "@gatehousejs/core/providers/kinde"
