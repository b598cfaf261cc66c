// @auth/express/providers/pipedrive, as @gatehousejs/express/providers/pipedrive: the engine's provider.
export * from "@gatehousejs/core/providers/pipedrive"
export { default } from "@gatehousejs/core/providers/pipedrive"
