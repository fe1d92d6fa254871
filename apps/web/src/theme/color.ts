/*
 * Colour arithmetic without MUI, for the CSS custom properties of the pages drawn without it
 * (css-tokens.ts). The formulas are the usual ones (sRGB channels, WCAG 2 luminance); the tests
 * check that they give the values the MUI theme draws with (css-tokens.test.ts).
 */

/** `#RGB`, `#RRGGBB`, `rgb(…)` or `rgba(…)` as its channels (0 to 255) and its alpha (0 to 1). */
export function parseColor(color: string): [number, number, number, number] {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)).concat(1) as [
      number,
      number,
      number,
      number,
    ];
  }
  const parts = /^rgba?\(([^)]+)\)$/i
    .exec(color)?.[1]
    ?.split(',')
    .map((part) => part.trim());
  if (!parts || parts.length < 3) throw new Error(`Not a colour this module reads: ${color}`);
  const [red, green, blue, opacity] = parts.map(Number);
  return [red ?? 0, green ?? 0, blue ?? 0, opacity ?? 1];
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

function format([red, green, blue]: number[], opacity?: number): string {
  const channels = [red, green, blue].map((value) => Math.trunc(value ?? 0)).join(', ');
  return opacity === undefined ? `rgb(${channels})` : `rgba(${channels}, ${opacity})`;
}

/** The colour at `opacity`: `rgba(r, g, b, opacity)`. */
export function alpha(color: string, opacity: number): string {
  return format(parseColor(color), clamp(opacity));
}

/** The colour moved towards black by `amount` (0 to 1). */
export function darken(color: string, amount: number): string {
  const [red, green, blue, opacity] = parseColor(color);
  const keep = 1 - clamp(amount);
  return format([red * keep, green * keep, blue * keep], opacity === 1 ? undefined : opacity);
}

/** The colour moved towards white by `amount` (0 to 1). */
export function lighten(color: string, amount: number): string {
  const [red, green, blue, opacity] = parseColor(color);
  const step = (value: number) => value + (255 - value) * clamp(amount);
  return format([step(red), step(green), step(blue)], opacity === 1 ? undefined : opacity);
}

/** WCAG 2 relative luminance, to three decimals. */
function luminance(color: string): number {
  const [red, green, blue] = parseColor(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return Number((0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0)).toFixed(3));
}

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
