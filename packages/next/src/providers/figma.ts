// next-auth/providers/figma, as @gatehousejs/next/providers/figma: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/figma"
export { default } from "@gatehousejs/core/providers/figma"
