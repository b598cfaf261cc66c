// next-auth/providers/mastodon, as @gatehousejs/next/providers/mastodon: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/mastodon"
export { default } from "@gatehousejs/core/providers/mastodon"
