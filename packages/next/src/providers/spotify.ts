// next-auth/providers/spotify, as @gatehousejs/next/providers/spotify: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/spotify"
export { default } from "@gatehousejs/core/providers/spotify"
