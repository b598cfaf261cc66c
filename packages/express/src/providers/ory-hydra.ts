// @auth/express/providers/ory-hydra, as @gatehousejs/express/providers/ory-hydra: the engine's provider.
export * from "@gatehousejs/core/providers/ory-hydra"
export { default } from "@gatehousejs/core/providers/ory-hydra"
