// next-auth/providers/discord, as @gatehousejs/next/providers/discord: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/discord"
export { default } from "@gatehousejs/core/providers/discord"
