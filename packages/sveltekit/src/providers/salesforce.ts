// @auth/sveltekit/providers/salesforce, as @gatehousejs/sveltekit/providers/salesforce: the engine's provider.
export * from "@gatehousejs/core/providers/salesforce"
export { default } from "@gatehousejs/core/providers/salesforce"
