// @auth/solid-start/providers/logto, as @gatehousejs/solid-start/providers/logto: the engine's provider.
export * from "@gatehousejs/core/providers/logto"
export { default } from "@gatehousejs/core/providers/logto"
