// @auth/express/providers/reddit, as @gatehousejs/express/providers/reddit: the engine's provider.
export * from "@gatehousejs/core/providers/reddit"
export { default } from "@gatehousejs/core/providers/reddit"
