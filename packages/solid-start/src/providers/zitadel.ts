// @auth/solid-start/providers/zitadel, as @gatehousejs/solid-start/providers/zitadel: the engine's provider.
export * from "@gatehousejs/core/providers/zitadel"
export { default } from "@gatehousejs/core/providers/zitadel"
