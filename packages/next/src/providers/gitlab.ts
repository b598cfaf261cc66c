// next-auth/providers/gitlab, as @gatehousejs/next/providers/gitlab: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/gitlab"
export { default } from "@gatehousejs/core/providers/gitlab"
