// @auth/solid-start/providers/authentik, as @gatehousejs/solid-start/providers/authentik: the engine's provider.
export * from "@gatehousejs/core/providers/authentik"
export { default } from "@gatehousejs/core/providers/authentik"
