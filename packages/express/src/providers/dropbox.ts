// @auth/express/providers/dropbox, as @gatehousejs/express/providers/dropbox: the engine's provider.
export * from "@gatehousejs/core/providers/dropbox"
export { default } from "@gatehousejs/core/providers/dropbox"
