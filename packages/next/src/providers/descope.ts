// next-auth/providers/descope, as @gatehousejs/next/providers/descope: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/descope"
export { default } from "@gatehousejs/core/providers/descope"
