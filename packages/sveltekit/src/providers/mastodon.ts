// @auth/sveltekit/providers/mastodon, as @gatehousejs/sveltekit/providers/mastodon: the engine's provider.
export * from "@gatehousejs/core/providers/mastodon"
export { default } from "@gatehousejs/core/providers/mastodon"
