// @auth/express/providers/freshbooks, as @gatehousejs/express/providers/freshbooks: the engine's provider.
export * from "@gatehousejs/core/providers/freshbooks"
export { default } from "@gatehousejs/core/providers/freshbooks"
