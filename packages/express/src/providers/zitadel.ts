// @auth/express/providers/zitadel, as @gatehousejs/express/providers/zitadel: the engine's provider.
export * from "@gatehousejs/core/providers/zitadel"
export { default } from "@gatehousejs/core/providers/zitadel"
