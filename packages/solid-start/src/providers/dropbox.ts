// @auth/solid-start/providers/dropbox, as @gatehousejs/solid-start/providers/dropbox: the engine's provider.
export * from "@gatehousejs/core/providers/dropbox"
export { default } from "@gatehousejs/core/providers/dropbox"
