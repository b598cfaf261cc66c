// @auth/qwik/providers/wikimedia, as @gatehousejs/qwik/providers/wikimedia: the engine's provider.
export * from "@gatehousejs/core/providers/wikimedia"
export { default } from "@gatehousejs/core/providers/wikimedia"
