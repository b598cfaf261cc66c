// @auth/solid-start/providers/threads, as @gatehousejs/solid-start/providers/threads: the engine's provider.
export * from "@gatehousejs/core/providers/threads"
export { default } from "@gatehousejs/core/providers/threads"
