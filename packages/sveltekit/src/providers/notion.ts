// @auth/sveltekit/providers/notion, as @gatehousejs/sveltekit/providers/notion: the engine's provider.
export * from "@gatehousejs/core/providers/notion"
export { default } from "@gatehousejs/core/providers/notion"
