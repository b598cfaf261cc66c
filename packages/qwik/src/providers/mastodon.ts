// @auth/qwik/providers/mastodon, as @gatehousejs/qwik/providers/mastodon: the engine's provider.
export * from "@gatehousejs/core/providers/mastodon"
export { default } from "@gatehousejs/core/providers/mastodon"
