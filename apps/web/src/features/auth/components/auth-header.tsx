import './auth.css';
import type { ReactNode } from 'react';

export interface AuthHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** A decorative icon above a centred heading. */
  icon?: ReactNode;
}

/**
 * The page heading of an auth card: its one `<h1>` and a line under it. Drawn without MUI
 * (auth.css), since the sign-in page uses it.
 */
export function AuthHeader({ title, subtitle, icon }: AuthHeaderProps) {
  return (
    <div className={icon ? 'bk-auth-header bk-auth-header--icon' : 'bk-auth-header'}>
      {icon && (
        <div className="bk-auth-header__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h1 className="bk-auth-header__title">{title}</h1>
      {subtitle && <p className="bk-auth-header__subtitle">{subtitle}</p>}
    </div>
  );
}
