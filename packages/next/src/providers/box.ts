// next-auth/providers/box, as @gatehousejs/next/providers/box: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/box"
export { default } from "@gatehousejs/core/providers/box"
