// next-auth/providers/identity-server4, as @gatehousejs/next/providers/identity-server4: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/identity-server4"
export { default } from "@gatehousejs/core/providers/identity-server4"
