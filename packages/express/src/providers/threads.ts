// @auth/express/providers/threads, as @gatehousejs/express/providers/threads: the engine's provider.
export * from "@gatehousejs/core/providers/threads"
export { default } from "@gatehousejs/core/providers/threads"
