import { useObjectUrl } from "./audio-input.js";

/** An image file for a vision task, with a small preview of the chosen one. */
export function ImageInput({
  value,
  onChange,
}: {
  value?: File;
  onChange: (file: File | undefined) => void;
}) {
  const url = useObjectUrl(value);
  return (
    <div className="try-it-image-input">
      <label className="field">
        Image
        <input
          className="input"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
          data-testid="try-it-image"
          onChange={(event) => onChange(event.target.files?.[0])}
        />
      </label>
      {url ? (
        <img className="try-it-thumb" src={url} alt="The chosen image" data-testid="try-it-thumb" />
      ) : null}
    </div>
  );
}
