// @auth/express/providers/roblox, as @gatehousejs/express/providers/roblox: the engine's provider.
export * from "@gatehousejs/core/providers/roblox"
export { default } from "@gatehousejs/core/providers/roblox"
