// @auth/sveltekit/providers/zitadel, as @gatehousejs/sveltekit/providers/zitadel: the engine's provider.
export * from "@gatehousejs/core/providers/zitadel"
export { default } from "@gatehousejs/core/providers/zitadel"
