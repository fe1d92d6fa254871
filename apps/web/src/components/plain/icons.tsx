import './plain.css';
import type { ReactNode } from 'react';
import { EYE_OFF_SHAPE, EYE_SHAPE, GLOBE_SHAPE } from '../icon-shapes.tsx';

/** An icon drawn without MUI: a decorative 1em square in the current colour (plain.css). */
function plainIcon(shape: ReactNode, displayName: string) {
  function Icon({ className }: { className?: string }) {
    return (
      <svg
        className={className ? `bk-icon ${className}` : 'bk-icon'}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden="true"
      >
        {shape}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const EyeIcon = plainIcon(EYE_SHAPE, 'EyeIcon');
export const EyeOffIcon = plainIcon(EYE_OFF_SHAPE, 'EyeOffIcon');
export const GlobeIcon = plainIcon(GLOBE_SHAPE, 'GlobeIcon');

// The alerts' severities.
export const InfoIcon = plainIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <path d="M12 7.6v.1" />
  </>,
  'InfoIcon',
);
export const SuccessIcon = plainIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.4 2.8 2.8L16.2 9.6" />
  </>,
  'SuccessIcon',
);
export const WarningIcon = plainIcon(
  <>
    <path d="M10.3 4.2 2.6 17.6A2 2 0 0 0 4.3 20.6h15.4a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4.5" />
    <path d="M12 17.2v.1" />
  </>,
  'WarningIcon',
);
export const ErrorIcon = plainIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V13" />
    <path d="M12 16.4v.1" />
  </>,
  'ErrorIcon',
);
