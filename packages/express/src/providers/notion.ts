// @auth/express/providers/notion, as @gatehousejs/express/providers/notion: the engine's provider.
export * from "@gatehousejs/core/providers/notion"
export { default } from "@gatehousejs/core/providers/notion"
