// next-auth/providers/line, as @gatehousejs/next/providers/line: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/line"
export { default } from "@gatehousejs/core/providers/line"
