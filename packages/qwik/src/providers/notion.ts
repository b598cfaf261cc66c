// @auth/qwik/providers/notion, as @gatehousejs/qwik/providers/notion: the engine's provider.
export * from "@gatehousejs/core/providers/notion"
export { default } from "@gatehousejs/core/providers/notion"
