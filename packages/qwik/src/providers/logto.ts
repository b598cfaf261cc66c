// @auth/qwik/providers/logto, as @gatehousejs/qwik/providers/logto: the engine's provider.
export * from "@gatehousejs/core/providers/logto"
export { default } from "@gatehousejs/core/providers/logto"
