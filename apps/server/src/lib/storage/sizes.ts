const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A size for a message: `512 bytes`, `1.5 MiB`, `2 GiB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}
