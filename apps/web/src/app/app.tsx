import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AuthProvider } from "../lib/auth/auth-context.js";
import { prefetchRepoPage } from "../features/repos/prefetch-repo-page.js";
import { createQueryClient } from "../lib/query-client.js";
import { AppRoutes } from "./router.js";

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchRepoPage(client, window.location.pathname);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
