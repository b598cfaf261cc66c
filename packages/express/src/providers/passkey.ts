// @auth/express/providers/passkey, as @gatehousejs/express/providers/passkey: the engine's provider.
export * from "@gatehousejs/core/providers/passkey"
export { default } from "@gatehousejs/core/providers/passkey"
