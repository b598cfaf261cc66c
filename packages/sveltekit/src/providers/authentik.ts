// @auth/sveltekit/providers/authentik, as @gatehousejs/sveltekit/providers/authentik: the engine's provider.
export * from "@gatehousejs/core/providers/authentik"
export { default } from "@gatehousejs/core/providers/authentik"
