import { useId, useRef, type KeyboardEvent } from "react";

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  size?: "small" | "normal";
  /** id prefix of the panels each tab controls, `${idPrefix}-${value}` */
  controls?: string;
}

/** A WAI-ARIA tab list: arrow keys move between tabs, the selected one is the only tab stop. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  size = "normal",
  controls,
}: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    onChange(items[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div className={`tabs tabs-${size}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item, i) => (
        <button
          key={item.value}
          ref={(node) => {
            refs.current[i] = node;
          }}
          id={`${baseId}-${item.value}`}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          aria-controls={controls}
          tabIndex={item.value === value ? 0 : -1}
          className="tab"
          data-value={item.value}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
