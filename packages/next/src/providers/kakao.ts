// next-auth/providers/kakao, as @gatehousejs/next/providers/kakao: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/kakao"
export { default } from "@gatehousejs/core/providers/kakao"
