// @auth/sveltekit/providers/osso, as @gatehousejs/sveltekit/providers/osso: the engine's provider.
export * from "@gatehousejs/core/providers/osso"
export { default } from "@gatehousejs/core/providers/osso"
