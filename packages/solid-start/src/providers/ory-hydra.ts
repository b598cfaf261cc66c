// @auth/solid-start/providers/ory-hydra, as @gatehousejs/solid-start/providers/ory-hydra: the engine's provider.
export * from "@gatehousejs/core/providers/ory-hydra"
export { default } from "@gatehousejs/core/providers/ory-hydra"
