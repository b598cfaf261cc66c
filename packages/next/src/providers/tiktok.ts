// next-auth/providers/tiktok, as @gatehousejs/next/providers/tiktok: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/tiktok"
export { default } from "@gatehousejs/core/providers/tiktok"
