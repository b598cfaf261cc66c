// @auth/qwik/providers/dropbox, as @gatehousejs/qwik/providers/dropbox: the engine's provider.
export * from "@gatehousejs/core/providers/dropbox"
export { default } from "@gatehousejs/core/providers/dropbox"
