// next-auth/providers/ory-hydra, as @gatehousejs/next/providers/ory-hydra: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/ory-hydra"
export { default } from "@gatehousejs/core/providers/ory-hydra"
