// @auth/express/providers/ping-id, as @gatehousejs/express/providers/ping-id: the engine's provider.
export * from "@gatehousejs/core/providers/ping-id"
export { default } from "@gatehousejs/core/providers/ping-id"
