// next-auth/providers/apple, as @gatehousejs/next/providers/apple: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/apple"
export { default } from "@gatehousejs/core/providers/apple"
