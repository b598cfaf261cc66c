// @auth/express/providers/line, as @gatehousejs/express/providers/line: the engine's provider.
export * from "@gatehousejs/core/providers/line"
export { default } from "@gatehousejs/core/providers/line"
