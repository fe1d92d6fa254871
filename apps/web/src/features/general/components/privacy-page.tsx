import { LegalDocument } from './legal-document.tsx';

/** The sections of the privacy policy, in order (`legal:privacy.sections.<key>`). */
export const PRIVACY_SECTIONS = [
  'controller',
  'stored',
  'never',
  'email',
  'cookies',
  'retention',
  'rights',
  'security',
  'changes',
] as const;

/** `/privacy-policy`. */
export function PrivacyPage() {
  return <LegalDocument document="privacy" sections={PRIVACY_SECTIONS} updated="2026-11-02" />;
}

export { PrivacyPage as Component };
