// @auth/solid-start/providers/wikimedia, as @gatehousejs/solid-start/providers/wikimedia: the engine's provider.
export * from "@gatehousejs/core/providers/wikimedia"
export { default } from "@gatehousejs/core/providers/wikimedia"
