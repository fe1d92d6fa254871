import './plain.css';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from '../logo-mark.tsx';

/** The Beacon logo linking home, drawn as `components/logo.tsx` without MUI. */
export function Logo({ to, homeLabel }: { to: string; homeLabel: string }) {
  return (
    <RouterLink className="bk-logo" to={to} aria-label={homeLabel}>
      <LogoMark />
      <span className="bk-logo__word">Beacon</span>
    </RouterLink>
  );
}
