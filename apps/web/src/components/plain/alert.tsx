import './plain.css';
import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';

export type AlertSeverity = 'info' | 'success' | 'warning' | 'error';

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

export interface AlertProps {
  severity: AlertSeverity;
  /** A line in bold above the message. */
  title?: ReactNode;
  /** Leave the severity's icon out. */
  noIcon?: boolean;
  /** `alert` for a message that must be announced; MUI's default is `alert` too. */
  role?: 'alert' | 'note' | 'status';
  className?: string;
  children?: ReactNode;
}

/** A message box drawn as MUI's standard `Alert` with the app's theme (plain.css), without MUI. */
export function Alert({
  severity,
  title,
  noIcon = false,
  role = 'alert',
  className,
  children,
}: AlertProps) {
  const Icon = ICONS[severity];
  return (
    <div
      role={role}
      className={`bk-alert bk-alert--${severity}${className ? ` ${className}` : ''}`}
    >
      {!noIcon && (
        <div className="bk-alert__icon">
          <Icon />
        </div>
      )}
      <div className="bk-alert__message">
        {title && <div className="bk-alert__title">{title}</div>}
        {children}
      </div>
    </div>
  );
}
