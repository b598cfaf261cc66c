// @auth/qwik/providers/figma, as @gatehousejs/qwik/providers/figma: the engine's provider.
export * from "@gatehousejs/core/providers/figma"
export { default } from "@gatehousejs/core/providers/figma"
