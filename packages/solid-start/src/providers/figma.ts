// @auth/solid-start/providers/figma, as @gatehousejs/solid-start/providers/figma: the engine's provider.
export * from "@gatehousejs/core/providers/figma"
export { default } from "@gatehousejs/core/providers/figma"
