// @auth/sveltekit/providers/password, as @gatehousejs/sveltekit/providers/password: the engine's provider.
export * from "@gatehousejs/core/providers/password"
export { default } from "@gatehousejs/core/providers/password"
