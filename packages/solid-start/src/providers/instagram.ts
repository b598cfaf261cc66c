// @auth/solid-start/providers/instagram, as @gatehousejs/solid-start/providers/instagram: the engine's provider.
export * from "@gatehousejs/core/providers/instagram"
export { default } from "@gatehousejs/core/providers/instagram"
