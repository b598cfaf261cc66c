// @auth/qwik/providers/line, as @gatehousejs/qwik/providers/line: the engine's provider.
export * from "@gatehousejs/core/providers/line"
export { default } from "@gatehousejs/core/providers/line"
