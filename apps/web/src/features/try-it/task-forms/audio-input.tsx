import { useEffect, useRef, useState } from "react";

/** Whether this browser can record from a microphone (secure origin, MediaRecorder). */
function canRecord(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    typeof MediaRecorder !== "undefined" &&
    !!navigator.mediaDevices?.getUserMedia
  );
}

/** A clip's address for the player, revoked when the clip changes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * An audio clip for a speech task: a file (any format the hub's ffmpeg decodes), or a recording from
 * the microphone where the browser allows it; the chosen clip plays back below.
 */
export function AudioInput({
  value,
  onChange,
}: {
  value?: Blob;
  onChange: (clip: Blob | undefined) => void;
}) {
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string>();
  const recorder = useRef<MediaRecorder | undefined>(undefined);
  const url = useObjectUrl(value);

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  async function start() {
    setProblem(undefined);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const next = new MediaRecorder(stream);
      const parts: Blob[] = [];
      next.ondataavailable = (event) => parts.push(event.data);
      next.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        onChange(new Blob(parts, { type: next.mimeType || "audio/webm" }));
        setRecording(false);
      };
      recorder.current = next;
      next.start();
      setRecording(true);
    } catch {
      setProblem("The microphone is not available (permission refused or no device).");
    }
  }

  return (
    <div className="try-it-audio-input">
      <label className="field">
        Audio file
        <input
          className="input"
          type="file"
          accept="audio/*,video/webm"
          data-testid="try-it-audio"
          onChange={(event) => onChange(event.target.files?.[0])}
        />
      </label>
      {canRecord() ? (
        <div className="try-it-actions">
          {recording ? (
            <button
              type="button"
              className="button"
              onClick={() => recorder.current?.stop()}
              data-testid="try-it-record-stop"
            >
              ■ Stop recording
            </button>
          ) : (
            <button type="button" className="button" onClick={() => void start()} data-testid="try-it-record">
              ● Record from microphone
            </button>
          )}
        </div>
      ) : (
        <p className="small muted try-it-notice">
          Recording needs a secure (https) page and a browser with MediaRecorder.
        </p>
      )}
      {problem ? <p className="small notice notice-error try-it-notice">{problem}</p> : null}
      {url ? <audio className="try-it-player" controls src={url} data-testid="try-it-input-player" /> : null}
    </div>
  );
}

export { useObjectUrl };
