// next-auth/providers/bitbucket, as @gatehousejs/next/providers/bitbucket: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/bitbucket"
export { default } from "@gatehousejs/core/providers/bitbucket"
