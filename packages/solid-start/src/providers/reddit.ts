// @auth/solid-start/providers/reddit, as @gatehousejs/solid-start/providers/reddit: the engine's provider.
export * from "@gatehousejs/core/providers/reddit"
export { default } from "@gatehousejs/core/providers/reddit"
