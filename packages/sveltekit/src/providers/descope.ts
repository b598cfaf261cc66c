// @auth/sveltekit/providers/descope, as @gatehousejs/sveltekit/providers/descope: the engine's provider.
export * from "@gatehousejs/core/providers/descope"
export { default } from "@gatehousejs/core/providers/descope"
