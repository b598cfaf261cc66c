// @auth/sveltekit/providers/linkedin, as @gatehousejs/sveltekit/providers/linkedin: the engine's provider.
export * from "@gatehousejs/core/providers/linkedin"
export { default } from "@gatehousejs/core/providers/linkedin"
