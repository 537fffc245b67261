import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const hub = process.env.MODELHUB_DEV_HUB ?? "http://127.0.0.1:8080";

/** Paths the hub answers itself (API, file downloads, git); the dev server forwards them. */
const hubPathPattern = "^/(api/|(datasets/|spaces/)?[^/]+/[^/]+/(resolve|raw)/|.*\\.git/)";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      [hubPathPattern]: { target: hub, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
