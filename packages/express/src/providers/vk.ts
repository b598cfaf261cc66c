// @auth/express/providers/vk, as @gatehousejs/express/providers/vk: the engine's provider.
export * from "@gatehousejs/core/providers/vk"
export { default } from "@gatehousejs/core/providers/vk"
