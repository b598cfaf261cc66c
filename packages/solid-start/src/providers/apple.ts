// @auth/solid-start/providers/apple, as @gatehousejs/solid-start/providers/apple: the engine's provider.
export * from "@gatehousejs/core/providers/apple"
export { default } from "@gatehousejs/core/providers/apple"
