// next-auth/providers/naver, as @gatehousejs/next/providers/naver: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/naver"
export { default } from "@gatehousejs/core/providers/naver"
