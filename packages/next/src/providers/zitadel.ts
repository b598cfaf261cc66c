// next-auth/providers/zitadel, as @gatehousejs/next/providers/zitadel: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/zitadel"
export { default } from "@gatehousejs/core/providers/zitadel"
