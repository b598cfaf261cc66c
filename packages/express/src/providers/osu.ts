// @auth/express/providers/osu, as @gatehousejs/express/providers/osu: the engine's provider.
export * from "@gatehousejs/core/providers/osu"
export { default } from "@gatehousejs/core/providers/osu"
