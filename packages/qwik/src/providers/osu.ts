// @auth/qwik/providers/osu, as @gatehousejs/qwik/providers/osu: the engine's provider.
export * from "@gatehousejs/core/providers/osu"
export { default } from "@gatehousejs/core/providers/osu"
