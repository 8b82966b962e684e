import { forwardRef, useEffect, useRef, useState, type HTMLAttributes, type PointerEvent } from 'react';
import { useQuestionnaireCn } from './questionnaireClassContext';

type Point = [number, number, number];
type GetStroke = typeof import('perfect-freehand').getStroke;

let getStroke: GetStroke | undefined;
let loading: Promise<unknown> | undefined;

/**
 * perfect-freehand, loaded when a signature pad first shows: only questionnaires that require a
 * signature pay for it. A failed load is logged and tried again by the next pad.
 */
function loadStroke(): Promise<unknown> {
  loading ??= import('perfect-freehand').then(
    (module) => (getStroke = module.getStroke),
    (error: unknown) => {
      loading = undefined;
      console.error('Loading the signature stroke library failed; strokes are drawn as plain lines', error);
    }
  );
  return loading;
}

/** Props of {@link SignaturePad}; other HTML attributes go to its root element. */
export interface SignaturePadProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'children'> {
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
  /** Id of the typed-name field (to move focus there). */
  typedId?: string;
}

const toPath = (points: number[][], close: boolean) =>
  points.length ? `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' L')}${close ? ' Z' : ''}` : '';

/** The SVG path of a stroke: a perfect-freehand outline (filled), or the plain line until that has loaded. */
function strokePath(points: Point[]): { d: string; outline: boolean } {
  if (!getStroke) return { d: toPath(points, false), outline: false };
  return {
    d: toPath(getStroke(points, { size: 3, thinning: 0.6, smoothing: 0.5, streamline: 0.5 }), true),
    outline: true,
  };
}

/** SVG attributes that paint a stroke path: outlines are filled, plain lines are stroked. */
const paint = (outline: boolean, color: string) =>
  outline ? { fill: color } : { fill: 'none', stroke: color, strokeWidth: 2, strokeLinecap: 'round' as const };

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
 * The ref is the root element. It takes no `value`: strokes cannot be drawn back from the image
 * it hands out, so a signature is only ever made, changed or cleared by the user.
 */
export const SignaturePad = /* @__PURE__ */ forwardRef<HTMLDivElement, SignaturePadProps>(function SignaturePad(
  {
    onChange,
    width = 500,
    height = 200,
    label,
    clearLabel,
    typedLabel,
    invalid,
    describedBy,
    form,
    typedId,
    className,
    ...attributes
  },
  ref
) {
  const cn = useQuestionnaireCn();
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [typed, setTyped] = useState('');
  const current = useRef<Point[] | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [, force] = useState(0);

  // Strokes drawn before the library arrived are redrawn as outlines once it has.
  useEffect(() => {
    if (getStroke) return;
    let live = true;
    void loadStroke().then(() => live && force((n) => n + 1));
    return () => {
      live = false;
    };
  }, []);

  const point = (event: PointerEvent<SVGSVGElement>): Point => {
    const rect = svgRef.current!.getBoundingClientRect();
    const scaleX = rect.width ? width / rect.width : 1;
    const scaleY = rect.height ? height / rect.height : 1;
    return [(event.clientX - rect.left) * scaleX, (event.clientY - rect.top) * scaleY, event.pressure || 0.5];
  };

  const svgMarkup = (paths: { d: string; outline: boolean }[], name: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    paths
      .map(({ d, outline }) =>
        outline ? `<path d="${d}" fill="black"/>` : `<path d="${d}" fill="none" stroke="black" stroke-width="2"/>`
      )
      .join('') +
    (name ? `<text x="16" y="${height / 2}" font-family="cursive" font-size="36">${escapeXml(name)}</text>` : '') +
    '</svg>';

  const emit = (nextStrokes: Point[][], name: string) => {
    const paths = nextStrokes.map(strokePath).filter((path) => path.d);
    onChange(paths.length || name.trim() ? toBase64(svgMarkup(paths, name.trim())) : undefined);
  };

  return (
    <div {...attributes} ref={ref} className={cn('signature', className)} data-invalid={invalid || undefined}>
      <svg
        ref={svgRef}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        className={cn('signature-area')}
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
        {[...strokes, ...(current.current ? [current.current] : [])].map((stroke, i) => {
          const { d, outline } = strokePath(stroke);
          return <path key={i} d={d} {...paint(outline, 'currentColor')} />;
        })}
        {typed && (
          <text x="16" y={height / 2} fontFamily="cursive" fontSize="36" fill="currentColor">
            {typed}
          </text>
        )}
      </svg>
      <div className={cn('signature-actions')}>
        <label className={cn('signature-typed')}>
          <span>{typedLabel}</span>
          <input
            id={typedId}
            className={cn('input')}
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
          className={cn('button')}
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
});
