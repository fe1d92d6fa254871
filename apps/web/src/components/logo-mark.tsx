/** The Beacon mark: a location pin in the brand green. Decorative; the wordmark names it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      style={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#00A76F" />
      <path
        d="M32 12a14 14 0 0 0-14 14c0 9.5 9.2 15.4 12.4 25.1a1.7 1.7 0 0 0 3.2 0C36.8 41.4 46 35.5 46 26a14 14 0 0 0-14-14Z"
        fill="#fff"
      />
      <circle cx="32" cy="26" r="5.5" fill="#007867" />
    </svg>
  );
}
