import { useEffect } from "react";

export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ModelHub` : "ModelHub";
  }, [title]);
}
