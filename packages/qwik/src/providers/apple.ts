// @auth/qwik/providers/apple, as @gatehousejs/qwik/providers/apple: the engine's provider.
export * from "@gatehousejs/core/providers/apple"
export { default } from "@gatehousejs/core/providers/apple"
