// next-auth/providers/passkey, as @gatehousejs/next/providers/passkey: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/passkey"
export { default } from "@gatehousejs/core/providers/passkey"
