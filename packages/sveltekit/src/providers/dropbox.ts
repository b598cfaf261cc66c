// @auth/sveltekit/providers/dropbox, as @gatehousejs/sveltekit/providers/dropbox: the engine's provider.
export * from "@gatehousejs/core/providers/dropbox"
export { default } from "@gatehousejs/core/providers/dropbox"
