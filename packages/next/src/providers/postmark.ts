// next-auth/providers/postmark, as @gatehousejs/next/providers/postmark: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/postmark"
export { default } from "@gatehousejs/core/providers/postmark"
