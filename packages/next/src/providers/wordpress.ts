// next-auth/providers/wordpress, as @gatehousejs/next/providers/wordpress: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/wordpress"
export { default } from "@gatehousejs/core/providers/wordpress"
