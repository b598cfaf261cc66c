// @auth/solid-start/providers/roblox, as @gatehousejs/solid-start/providers/roblox: the engine's provider.
export * from "@gatehousejs/core/providers/roblox"
export { default } from "@gatehousejs/core/providers/roblox"
