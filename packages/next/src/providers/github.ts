// next-auth/providers/github, as @gatehousejs/next/providers/github: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/github"
export { default } from "@gatehousejs/core/providers/github"
