// @auth/solid-start/providers/mailru, as @gatehousejs/solid-start/providers/mailru: the engine's provider.
export * from "@gatehousejs/core/providers/mailru"
export { default } from "@gatehousejs/core/providers/mailru"
