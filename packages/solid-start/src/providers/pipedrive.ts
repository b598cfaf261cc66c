// @auth/solid-start/providers/pipedrive, as @gatehousejs/solid-start/providers/pipedrive: the engine's provider.
export * from "@gatehousejs/core/providers/pipedrive"
export { default } from "@gatehousejs/core/providers/pipedrive"
