// @auth/qwik/providers/mailru, as @gatehousejs/qwik/providers/mailru: the engine's provider.
export * from "@gatehousejs/core/providers/mailru"
export { default } from "@gatehousejs/core/providers/mailru"
