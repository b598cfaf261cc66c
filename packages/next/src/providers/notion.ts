// next-auth/providers/notion, as @gatehousejs/next/providers/notion: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/notion"
export { default } from "@gatehousejs/core/providers/notion"
