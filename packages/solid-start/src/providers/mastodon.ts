// @auth/solid-start/providers/mastodon, as @gatehousejs/solid-start/providers/mastodon: the engine's provider.
export * from "@gatehousejs/core/providers/mastodon"
export { default } from "@gatehousejs/core/providers/mastodon"
