// @auth/qwik/providers/roblox, as @gatehousejs/qwik/providers/roblox: the engine's provider.
export * from "@gatehousejs/core/providers/roblox"
export { default } from "@gatehousejs/core/providers/roblox"
