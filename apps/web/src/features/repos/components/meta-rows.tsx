/** A details card's label/value list; rows whose value is empty are left out. */
export function MetaRows({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className="meta-list">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
