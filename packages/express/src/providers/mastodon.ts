// @auth/express/providers/mastodon, as @gatehousejs/express/providers/mastodon: the engine's provider.
export * from "@gatehousejs/core/providers/mastodon"
export { default } from "@gatehousejs/core/providers/mastodon"
