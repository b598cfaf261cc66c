// @auth/express/providers/osso, as @gatehousejs/express/providers/osso: the engine's provider.
export * from "@gatehousejs/core/providers/osso"
export { default } from "@gatehousejs/core/providers/osso"
