// @auth/solid-start/providers/osu, as @gatehousejs/solid-start/providers/osu: the engine's provider.
export * from "@gatehousejs/core/providers/osu"
export { default } from "@gatehousejs/core/providers/osu"
