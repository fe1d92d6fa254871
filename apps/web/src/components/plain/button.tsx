import './plain.css';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from '../spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'text' | 'outlined' | 'contained';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  /** Replaces the label by a spinner (the label stays, for the button's name). */
  loading?: boolean;
  startIcon?: ReactNode;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A button drawn as MUI's `Button` with the app's theme (plain.css), without MUI. `contained` is
 * the primary colour; `text` and `outlined` take the colour of their parent (MUI's `inherit`).
 */
export function Button({
  variant = 'text',
  size = 'medium',
  fullWidth = false,
  loading = false,
  startIcon,
  className,
  type = 'button',
  children,
  ...other
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(
        'bk-btn',
        `bk-btn--${variant}`,
        size !== 'medium' && `bk-btn--${size}`,
        fullWidth && 'bk-btn--full',
        loading && 'bk-btn--loading',
        className,
      )}
      {...other}
    >
      {startIcon && <span className="bk-btn__start">{startIcon}</span>}
      {children}
      {loading && (
        <span className="bk-btn__loader">
          <Spinner size={16} />
        </span>
      )}
    </button>
  );
}
