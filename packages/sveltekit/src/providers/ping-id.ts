// @auth/sveltekit/providers/ping-id, as @gatehousejs/sveltekit/providers/ping-id: the engine's provider.
export * from "@gatehousejs/core/providers/ping-id"
export { default } from "@gatehousejs/core/providers/ping-id"
