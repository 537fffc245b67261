import { useState, type CSSProperties } from "react";
import { useObjectUrl } from "./audio-input.js";

/**
 * Vision answers drawn as the Hub's widgets draw them: boxes on the image, masks laid over it, the
 * depth image beside it, an image answer with its size and a download.
 */

export interface DetectedBox {
  label: string;
  score: number;
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
}

export interface Segment {
  label: string | null;
  score?: number;
  mask: string;
}

/** A colour per label, the same for a label wherever it appears (boxes, masks, legend). */
export function labelColour(labels: readonly string[], label: string): string {
  const index = Math.max(0, labels.indexOf(label));
  return `hsl(${(index * 67 + 200) % 360} 85% 52%)`;
}

/** The image at its natural size ratio, with overlays placed in percentages of that size. */
function Frame({
  src,
  testId,
  children,
}: {
  src: string;
  testId: string;
  children: (size: { width: number; height: number }) => React.ReactNode;
}) {
  const [size, setSize] = useState<{ width: number; height: number }>();
  return (
    <div className="try-it-figure" data-testid={testId}>
      <img
        src={src}
        alt="The image sent"
        onLoad={(event) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
      />
      {size ? children(size) : null}
    </div>
  );
}

/** A length in pixels as a percentage of the image's side, after clamping into the image. */
const clamp = (value: number, total: number) => Math.max(0, Math.min(value, total));
const percent = (value: number, total: number) => `${(value / total) * 100}%`;

/** object-detection and zero-shot-object-detection: a labelled box per detection. */
export function BoxedImage({ src, boxes }: { src: string; boxes: DetectedBox[] }) {
  const labels = [...new Set(boxes.map((b) => b.label))];
  if (boxes.length === 0) return <p className="small muted">Nothing found above the threshold.</p>;
  return (
    <Frame src={src} testId="try-it-boxes">
      {({ width, height }) =>
        boxes.map((b, i) => {
          // Boxes may reach past the image (DETR's do): drawn up to its edges.
          const [x0, x1] = [clamp(b.box.xmin, width), clamp(b.box.xmax, width)];
          const [y0, y1] = [clamp(b.box.ymin, height), clamp(b.box.ymax, height)];
          const style: CSSProperties = {
            left: percent(x0, width),
            top: percent(y0, height),
            width: percent(x1 - x0, width),
            height: percent(y1 - y0, height),
            borderColor: labelColour(labels, b.label),
          };
          return (
            <span key={i} className="try-it-box" style={style} data-testid="try-it-box">
              <span className="try-it-box-label" style={{ background: labelColour(labels, b.label) }}>
                {b.label} {b.score.toFixed(2)}
              </span>
            </span>
          );
        })
      }
    </Frame>
  );
}

/** image-segmentation: each mask (a grey-level PNG) tints its pixels in its label's colour. */
export function MaskedImage({ src, segments }: { src: string; segments: Segment[] }) {
  const labels = segments.map((s, i) => s.label ?? `mask ${i + 1}`);
  const [shown, setShown] = useState<number>();
  return (
    <div className="try-it-vision-result">
      <Frame src={src} testId="try-it-masks">
        {() =>
          segments.map((segment, i) => {
            const mask = `url(data:image/png;base64,${segment.mask})`;
            const style = {
              background: labelColour(labels, labels[i]),
              maskImage: mask,
              WebkitMaskImage: mask,
              opacity: shown === undefined || shown === i ? 0.55 : 0.08,
            } as CSSProperties;
            return <span key={i} className="try-it-mask" style={style} data-testid="try-it-mask" />;
          })
        }
      </Frame>
      <ul className="try-it-legend">
        {segments.map((segment, i) => (
          <li key={i}>
            <button
              type="button"
              className="try-it-chip"
              onMouseEnter={() => setShown(i)}
              onMouseLeave={() => setShown(undefined)}
              onFocus={() => setShown(i)}
              onBlur={() => setShown(undefined)}
            >
              <span className="try-it-swatch" style={{ background: labelColour(labels, labels[i]) }} />
              {labels[i]}
              {segment.score !== undefined ? ` ${segment.score.toFixed(2)}` : ""}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** depth-estimation: the image and its depth image side by side (near is light). */
export function DepthView({ src, depth, size }: { src: string; depth: string; size: [number, number] }) {
  return (
    <div className="try-it-pair" data-testid="try-it-depth">
      <figure>
        <img src={src} alt="The image sent" />
        <figcaption className="small muted">Input</figcaption>
      </figure>
      <figure>
        <img src={`data:image/png;base64,${depth}`} alt="Its depth map" />
        <figcaption className="small muted">
          Depth ({size[1]}×{size[0]} values in predicted_depth)
        </figcaption>
      </figure>
    </div>
  );
}

/** image-to-image: the answer image, its size, and a download. */
export function ImageAnswer({ blob }: { blob: Blob }) {
  const url = useObjectUrl(blob);
  const [size, setSize] = useState<string>();
  if (!url) return null;
  const extension = blob.type.split("/")[1] ?? "png";
  return (
    <div className="try-it-completion try-it-image-answer" data-testid="try-it-image-answer">
      <img
        src={url}
        alt="The model's answer"
        onLoad={(event) =>
          setSize(`${event.currentTarget.naturalWidth}×${event.currentTarget.naturalHeight}`)
        }
      />
      <span className="small muted">
        {size ? `${size} pixels · ` : ""}
        <a href={url} download={`output.${extension}`}>
          Download
        </a>
      </span>
    </div>
  );
}

/** The shape of a nested list of numbers, e.g. [1, 5, 32]. */
function shapeOf(value: unknown): number[] {
  const shape: number[] = [];
  let level = value;
  while (Array.isArray(level)) {
    shape.push(level.length);
    level = level[0];
  }
  return shape;
}

/** image-feature-extraction: the tensor's shape and its first numbers. */
export function FeatureSummary({ answer }: { answer: unknown }) {
  const shape = shapeOf(answer);
  const first = (Array.isArray(answer) ? (answer as unknown[]).flat(3) : []).slice(0, 8) as number[];
  return (
    <div className="try-it-completion" data-testid="try-it-vector">
      <span className="small muted">shape [{shape.join(", ")}]</span>
      <div className="try-it-text mono">[{first.map((v) => v.toFixed(4)).join(", ")}, …]</div>
    </div>
  );
}
