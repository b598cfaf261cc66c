// next-auth/providers/roblox, as @gatehousejs/next/providers/roblox: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/roblox"
export { default } from "@gatehousejs/core/providers/roblox"
