// next-auth/providers/twitch, as @gatehousejs/next/providers/twitch: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/twitch"
export { default } from "@gatehousejs/core/providers/twitch"
