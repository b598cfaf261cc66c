// @auth/sveltekit/providers/pipedrive, as @gatehousejs/sveltekit/providers/pipedrive: the engine's provider.
export * from "@gatehousejs/core/providers/pipedrive"
export { default } from "@gatehousejs/core/providers/pipedrive"
