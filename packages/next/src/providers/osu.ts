// next-auth/providers/osu, as @gatehousejs/next/providers/osu: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/osu"
export { default } from "@gatehousejs/core/providers/osu"
