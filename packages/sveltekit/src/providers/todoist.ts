// @auth/sveltekit/providers/todoist, as @gatehousejs/sveltekit/providers/todoist: the engine's provider.
export * from "@gatehousejs/core/providers/todoist"
export { default } from "@gatehousejs/core/providers/todoist"
