// @auth/express/providers/todoist, as @gatehousejs/express/providers/todoist: the engine's provider.
export * from "@gatehousejs/core/providers/todoist"
export { default } from "@gatehousejs/core/providers/todoist"
