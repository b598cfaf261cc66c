// @auth/express/providers/webauthn, as @gatehousejs/express/providers/webauthn: the engine's provider.
export * from "@gatehousejs/core/providers/webauthn"
export { default } from "@gatehousejs/core/providers/webauthn"
