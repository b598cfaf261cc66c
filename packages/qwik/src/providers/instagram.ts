// @auth/qwik/providers/instagram, as @gatehousejs/qwik/providers/instagram: the engine's provider.
export * from "@gatehousejs/core/providers/instagram"
export { default } from "@gatehousejs/core/providers/instagram"
