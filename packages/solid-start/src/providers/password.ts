// @auth/solid-start/providers/password, as @gatehousejs/solid-start/providers/password: the engine's provider.
export * from "@gatehousejs/core/providers/password"
export { default } from "@gatehousejs/core/providers/password"
