// next-auth/providers/click-up, as @gatehousejs/next/providers/click-up: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/click-up"
export { default } from "@gatehousejs/core/providers/click-up"
