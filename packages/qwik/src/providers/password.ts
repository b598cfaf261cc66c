// @auth/qwik/providers/password, as @gatehousejs/qwik/providers/password: the engine's provider.
export * from "@gatehousejs/core/providers/password"
export { default } from "@gatehousejs/core/providers/password"
