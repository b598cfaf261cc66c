// @auth/qwik/providers/pipedrive, as @gatehousejs/qwik/providers/pipedrive: the engine's provider.
export * from "@gatehousejs/core/providers/pipedrive"
export { default } from "@gatehousejs/core/providers/pipedrive"
