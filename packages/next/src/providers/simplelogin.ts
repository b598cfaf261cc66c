// next-auth/providers/simplelogin, as @gatehousejs/next/providers/simplelogin: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/simplelogin"
export { default } from "@gatehousejs/core/providers/simplelogin"
