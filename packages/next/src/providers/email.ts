// next-auth/providers/email, as @gatehousejs/next/providers/email: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/email"
export { default } from "@gatehousejs/core/providers/email"
