// @auth/qwik/providers/todoist, as @gatehousejs/qwik/providers/todoist: the engine's provider.
export * from "@gatehousejs/core/providers/todoist"
export { default } from "@gatehousejs/core/providers/todoist"
