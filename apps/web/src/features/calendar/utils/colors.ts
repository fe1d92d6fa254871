/** The colours offered for events; the first is the contract's default. */
export const EVENT_COLORS = [
  { value: '#00A76F', name: 'green' },
  { value: '#0C68E9', name: 'blue' },
  { value: '#00B8D9', name: 'cyan' },
  { value: '#8E33FF', name: 'purple' },
  { value: '#FFAB00', name: 'amber' },
  { value: '#FF5630', name: 'red' },
  { value: '#637381', name: 'grey' },
] as const;

export type EventColorName = (typeof EVENT_COLORS)[number]['name'];

export const DEFAULT_EVENT_COLOR: string = EVENT_COLORS[0].value;

/** The name of one of our colours (any case), or undefined for another colour. */
export function colorName(value: string): EventColorName | undefined {
  return EVENT_COLORS.find((color) => color.value.toLowerCase() === value.toLowerCase())?.name;
}
