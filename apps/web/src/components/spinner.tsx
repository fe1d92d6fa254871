export interface SpinnerProps {
  /** The accessible name; without one the spinner is decorative. */
  label?: string;
  /** Diameter in px. */
  size?: number;
  /** Stroke width, in px of a 36 px spinner. */
  thickness?: number;
}

/**
 * A circular progress indicator drawn with SVG and CSS (theme/base.css), in the current text
 * colour of `.bk-spinner` (the primary colour unless a parent sets another).
 */
export function Spinner({ label, size = 36, thickness = 3.6 }: SpinnerProps) {
  const radius = (44 - thickness) / 2;
  return (
    <span
      className="bk-spinner"
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" focusable="false">
        <circle cx="44" cy="44" r={radius} strokeWidth={thickness} />
      </svg>
    </span>
  );
}
