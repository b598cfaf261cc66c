// @auth/solid-start/providers/credentials, as @gatehousejs/solid-start/providers/credentials: the engine's provider.
export * from "@gatehousejs/core/providers/credentials"
export { default } from "@gatehousejs/core/providers/credentials"
