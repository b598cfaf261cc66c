// next-auth/providers/webauthn, as @gatehousejs/next/providers/webauthn: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/webauthn"
export { default } from "@gatehousejs/core/providers/webauthn"
