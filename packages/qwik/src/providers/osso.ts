// @auth/qwik/providers/osso, as @gatehousejs/qwik/providers/osso: the engine's provider.
export * from "@gatehousejs/core/providers/osso"
export { default } from "@gatehousejs/core/providers/osso"
