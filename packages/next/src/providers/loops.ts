// next-auth/providers/loops, as @gatehousejs/next/providers/loops: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/loops"
export { default } from "@gatehousejs/core/providers/loops"
