// next-auth/providers/todoist, as @gatehousejs/next/providers/todoist: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/todoist"
export { default } from "@gatehousejs/core/providers/todoist"
