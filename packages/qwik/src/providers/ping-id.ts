// @auth/qwik/providers/ping-id, as @gatehousejs/qwik/providers/ping-id: the engine's provider.
export * from "@gatehousejs/core/providers/ping-id"
export { default } from "@gatehousejs/core/providers/ping-id"
