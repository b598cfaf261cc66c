// @auth/solid-start/providers/line, as @gatehousejs/solid-start/providers/line: the engine's provider.
export * from "@gatehousejs/core/providers/line"
export { default } from "@gatehousejs/core/providers/line"
