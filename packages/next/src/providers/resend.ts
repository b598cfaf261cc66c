// next-auth/providers/resend, as @gatehousejs/next/providers/resend: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/resend"
export { default } from "@gatehousejs/core/providers/resend"
