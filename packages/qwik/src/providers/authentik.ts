// @auth/qwik/providers/authentik, as @gatehousejs/qwik/providers/authentik: the engine's provider.
export * from "@gatehousejs/core/providers/authentik"
export { default } from "@gatehousejs/core/providers/authentik"
