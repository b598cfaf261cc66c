// next-auth/providers/vipps, as @gatehousejs/next/providers/vipps: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/vipps"
export { default } from "@gatehousejs/core/providers/vipps"
