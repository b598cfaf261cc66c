// next-auth/providers/credentials, as @gatehousejs/next/providers/credentials: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/credentials"
export { default } from "@gatehousejs/core/providers/credentials"
