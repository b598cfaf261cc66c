// @auth/solid-start/providers/notion, as @gatehousejs/solid-start/providers/notion: the engine's provider.
export * from "@gatehousejs/core/providers/notion"
export { default } from "@gatehousejs/core/providers/notion"
