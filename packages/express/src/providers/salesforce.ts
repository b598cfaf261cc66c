// @auth/express/providers/salesforce, as @gatehousejs/express/providers/salesforce: the engine's provider.
export * from "@gatehousejs/core/providers/salesforce"
export { default } from "@gatehousejs/core/providers/salesforce"
