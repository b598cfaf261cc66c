// @auth/solid-start/providers/todoist, as @gatehousejs/solid-start/providers/todoist: the engine's provider.
export * from "@gatehousejs/core/providers/todoist"
export { default } from "@gatehousejs/core/providers/todoist"
