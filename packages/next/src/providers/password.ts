// next-auth/providers/password, as @gatehousejs/next/providers/password: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/password"
export { default } from "@gatehousejs/core/providers/password"
