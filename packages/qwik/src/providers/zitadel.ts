// @auth/qwik/providers/zitadel, as @gatehousejs/qwik/providers/zitadel: the engine's provider.
export * from "@gatehousejs/core/providers/zitadel"
export { default } from "@gatehousejs/core/providers/zitadel"
