// next-auth/providers/zoho, as @gatehousejs/next/providers/zoho: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/zoho"
export { default } from "@gatehousejs/core/providers/zoho"
