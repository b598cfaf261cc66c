// @auth/qwik/providers/credentials, as @gatehousejs/qwik/providers/credentials: the engine's provider.
export * from "@gatehousejs/core/providers/credentials"
export { default } from "@gatehousejs/core/providers/credentials"
