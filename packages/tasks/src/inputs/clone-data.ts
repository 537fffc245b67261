/** Deep copy of plain JSON data, so callers can mutate an example without touching the shared one. */
export function cloneData<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
