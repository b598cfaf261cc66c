// @auth/sveltekit/providers/workos, as @gatehousejs/sveltekit/providers/workos: the engine's provider.
export * from "@gatehousejs/core/providers/workos"
export { default } from "@gatehousejs/core/providers/workos"
