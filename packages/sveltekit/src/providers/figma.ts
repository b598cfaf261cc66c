// @auth/sveltekit/providers/figma, as @gatehousejs/sveltekit/providers/figma: the engine's provider.
export * from "@gatehousejs/core/providers/figma"
export { default } from "@gatehousejs/core/providers/figma"
