// @auth/qwik/providers/threads, as @gatehousejs/qwik/providers/threads: the engine's provider.
export * from "@gatehousejs/core/providers/threads"
export { default } from "@gatehousejs/core/providers/threads"
