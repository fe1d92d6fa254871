import './plain.css';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

export interface LinkProps extends RouterLinkProps {
  /** In the text colour rather than the primary colour. */
  plain?: boolean;
}

/** A router link drawn as MUI's `Link` with the app's theme (plain.css), without MUI. */
export function Link({ plain = false, className, ...other }: LinkProps) {
  const names = ['bk-link', plain && 'bk-link--plain', className].filter(Boolean).join(' ');
  return <RouterLink className={names} {...other} />;
}
