// @auth/qwik/providers/reddit, as @gatehousejs/qwik/providers/reddit: the engine's provider.
export * from "@gatehousejs/core/providers/reddit"
export { default } from "@gatehousejs/core/providers/reddit"
