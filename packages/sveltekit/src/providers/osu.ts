// @auth/sveltekit/providers/osu, as @gatehousejs/sveltekit/providers/osu: the engine's provider.
export * from "@gatehousejs/core/providers/osu"
export { default } from "@gatehousejs/core/providers/osu"
