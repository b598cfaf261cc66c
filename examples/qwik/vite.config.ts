// Qwik's two Vite plugins: Qwik City (routes from src/routes) and the optimizer (splits the app into lazy chunks).
// Both builds go under dist/: the browser's in dist/, the server's in dist/server/ (git and the linter ignore dist/).
import { qwikCity } from "@builder.io/qwik-city/vite"
import { qwikVite } from "@builder.io/qwik/optimizer"
import { defineConfig } from "vite"

export default defineConfig(() => ({
  plugins: [qwikCity(), qwikVite({ ssr: { outDir: "dist/server" } })],
}))
