import react from "@vitejs/plugin-react";
import { defineConfig, type PluginOption } from "vite";
import { precompress } from "./scripts/precompress.js";

const hub = process.env.MODELHUB_DEV_HUB ?? "http://127.0.0.1:8080";

/**
 * The workspace packages are pure data + functions; declaring their modules free of side effects
 * lets the bundler drop what a page does not use (the task catalogue text, unused library generators).
 */
const pureWorkspacePackages: PluginOption = {
  name: "modelhub-pure-packages",
  transform(code, id) {
    if (/[\\/]packages[\\/](tasks|inference)[\\/]dist[\\/]/.test(id))
      return { code, map: null, moduleSideEffects: false };
    return undefined;
  },
};

/** Paths the hub answers itself (API, file downloads, git); the dev server forwards them. */
const hubPathPattern = "^/(api/|(datasets/|spaces/)?[^/]+/[^/]+/(resolve|raw)/|.*\\.git/)";

export default defineConfig({
  plugins: [react(), pureWorkspacePackages, precompress()],
  server: {
    proxy: {
      [hubPathPattern]: { target: hub, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Task demo images stay files (hashed URLs) instead of base64 inside the task chunk.
    assetsInlineLimit: 0,
  },
});
