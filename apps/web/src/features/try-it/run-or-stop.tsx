/** Stop while a stream runs, else the submit button that starts one (Send, Generate). */
export function RunOrStop({
  running,
  stop,
  label,
  disabled,
}: {
  running: boolean;
  stop: () => void;
  label: string;
  disabled: boolean;
}) {
  return running ? (
    <button type="button" className="button" onClick={stop}>
      Stop
    </button>
  ) : (
    <button type="submit" className="button button-primary" disabled={disabled}>
      {label}
    </button>
  );
}
