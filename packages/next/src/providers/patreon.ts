// next-auth/providers/patreon, as @gatehousejs/next/providers/patreon: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/patreon"
export { default } from "@gatehousejs/core/providers/patreon"
