// @auth/express/providers/figma, as @gatehousejs/express/providers/figma: the engine's provider.
export * from "@gatehousejs/core/providers/figma"
export { default } from "@gatehousejs/core/providers/figma"
