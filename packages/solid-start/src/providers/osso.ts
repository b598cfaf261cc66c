// @auth/solid-start/providers/osso, as @gatehousejs/solid-start/providers/osso: the engine's provider.
export * from "@gatehousejs/core/providers/osso"
export { default } from "@gatehousejs/core/providers/osso"
