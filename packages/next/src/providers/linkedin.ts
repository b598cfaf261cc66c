// next-auth/providers/linkedin, as @gatehousejs/next/providers/linkedin: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/linkedin"
export { default } from "@gatehousejs/core/providers/linkedin"
