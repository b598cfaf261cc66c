// next-auth/providers/osso, as @gatehousejs/next/providers/osso: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/osso"
export { default } from "@gatehousejs/core/providers/osso"
