// @auth/sveltekit/providers/credentials, as @gatehousejs/sveltekit/providers/credentials: the engine's provider.
export * from "@gatehousejs/core/providers/credentials"
export { default } from "@gatehousejs/core/providers/credentials"
