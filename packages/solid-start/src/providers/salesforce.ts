// @auth/solid-start/providers/salesforce, as @gatehousejs/solid-start/providers/salesforce: the engine's provider.
export * from "@gatehousejs/core/providers/salesforce"
export { default } from "@gatehousejs/core/providers/salesforce"
