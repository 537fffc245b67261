import { useState } from "react";
import { applyTheme, readTheme, type ThemeChoice } from "../../lib/theme.js";

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: "dark", dark: "light", light: "system" };
const ICON: Record<ThemeChoice, string> = { system: "◐", dark: "☾", light: "☀" };

export function ThemeToggle() {
  const [choice, setChoice] = useState(readTheme);
  return (
    <button
      type="button"
      className="icon-button"
      title={`Theme: ${choice} (click for ${NEXT[choice]})`}
      aria-label={`Colour theme: ${choice}. Switch to ${NEXT[choice]}`}
      onClick={() => {
        const next = NEXT[choice];
        applyTheme(next);
        setChoice(next);
      }}
    >
      <span aria-hidden="true">{ICON[choice]}</span>
    </button>
  );
}
