// next-auth/providers/onelogin, as @gatehousejs/next/providers/onelogin: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/onelogin"
export { default } from "@gatehousejs/core/providers/onelogin"
