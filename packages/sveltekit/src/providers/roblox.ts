// @auth/sveltekit/providers/roblox, as @gatehousejs/sveltekit/providers/roblox: the engine's provider.
export * from "@gatehousejs/core/providers/roblox"
export { default } from "@gatehousejs/core/providers/roblox"
