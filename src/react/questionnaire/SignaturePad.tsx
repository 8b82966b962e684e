import { getStroke } from 'perfect-freehand';
import { useRef, useState, type PointerEvent } from 'react';

type Point = [number, number, number];

/** Props of {@link SignaturePad}. */
export interface SignaturePadProps {
  /** Called with base64 SVG data when a stroke ends or a name is typed; undefined when cleared. */
  onChange: (dataBase64: string | undefined) => void;
  width?: number;
  height?: number;
  /** Accessible name of the drawing area. */
  label: string;
  clearLabel: string;
  /** Label of the typed-signature field, the keyboard way to sign. */
  typedLabel: string;
  invalid?: boolean;
  describedBy?: string;
  /** Id of the <form> the typed-name field belongs to, when it is not inside it. */
  form?: string;
}

/** The SVG path of a perfect-freehand outline. */
function outlinePath(points: Point[]): string {
  const outline = getStroke(points, { size: 3, thinning: 0.6, smoothing: 0.5, streamline: 0.5 });
  if (!outline.length) return '';
  const [first, ...rest] = outline;
  return `M${first[0].toFixed(1)},${first[1].toFixed(1)} ${rest.map(([x, y]) => `L${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} Z`;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A signature drawing area (perfect-freehand strokes as SVG, 500×200 by default) with Clear.
 * Drawing needs a pointer, so a typed name is the keyboard alternative; both produce an image.
 */
export function SignaturePad({
  onChange,
  width = 500,
  height = 200,
  label,
  clearLabel,
  typedLabel,
  invalid,
  describedBy,
  form,
}: SignaturePadProps) {
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [typed, setTyped] = useState('');
  const current = useRef<Point[] | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [, force] = useState(0);

  const point = (event: PointerEvent<SVGSVGElement>): Point => {
    const rect = svgRef.current!.getBoundingClientRect();
    const scaleX = rect.width ? width / rect.width : 1;
    const scaleY = rect.height ? height / rect.height : 1;
    return [(event.clientX - rect.left) * scaleX, (event.clientY - rect.top) * scaleY, event.pressure || 0.5];
  };

  const svgMarkup = (paths: string[], name: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    paths.map((d) => `<path d="${d}" fill="black"/>`).join('') +
    (name ? `<text x="16" y="${height / 2}" font-family="cursive" font-size="36">${escapeXml(name)}</text>` : '') +
    '</svg>';

  const emit = (nextStrokes: Point[][], name: string) => {
    const paths = nextStrokes.map(outlinePath).filter(Boolean);
    onChange(paths.length || name.trim() ? toBase64(svgMarkup(paths, name.trim())) : undefined);
  };

  return (
    <div className="fpk-signature" data-invalid={invalid || undefined}>
      <svg
        ref={svgRef}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        className="fpk-signature-area"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ touchAction: 'none', maxWidth: '100%' }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          current.current = [point(event)];
          force((n) => n + 1);
        }}
        onPointerMove={(event) => {
          if (!current.current) return;
          current.current.push(point(event));
          force((n) => n + 1);
        }}
        onPointerUp={() => {
          if (!current.current) return;
          const next = [...strokes, current.current];
          current.current = null;
          setStrokes(next);
          emit(next, typed);
        }}
      >
        {[...strokes, ...(current.current ? [current.current] : [])].map((stroke, i) => (
          <path key={i} d={outlinePath(stroke)} fill="currentColor" />
        ))}
        {typed && (
          <text x="16" y={height / 2} fontFamily="cursive" fontSize="36" fill="currentColor">
            {typed}
          </text>
        )}
      </svg>
      <div className="fpk-signature-actions">
        <label className="fpk-signature-typed">
          <span>{typedLabel}</span>
          <input
            className="fpk-input"
            form={form}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              emit(strokes, e.target.value);
            }}
          />
        </label>
        <button
          type="button"
          className="fpk-button"
          data-variant="outline"
          onClick={() => {
            setStrokes([]);
            setTyped('');
            current.current = null;
            onChange(undefined);
          }}
        >
          {clearLabel}
        </button>
      </div>
    </div>
  );
}
