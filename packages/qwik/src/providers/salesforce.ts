// @auth/qwik/providers/salesforce, as @gatehousejs/qwik/providers/salesforce: the engine's provider.
export * from "@gatehousejs/core/providers/salesforce"
export { default } from "@gatehousejs/core/providers/salesforce"
