// next-auth/providers/zoom, as @gatehousejs/next/providers/zoom: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/zoom"
export { default } from "@gatehousejs/core/providers/zoom"
