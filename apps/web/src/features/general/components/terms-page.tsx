import { LegalDocument } from './legal-document.tsx';

/** The sections of the terms, in order (`legal:terms.sections.<key>`). */
export const TERMS_SECTIONS = [
  'parties',
  'software',
  'accounts',
  'yourData',
  'acceptableUse',
  'plans',
  'availability',
  'warranty',
  'liability',
  'changes',
] as const;

/** `/terms-of-service`. */
export function TermsPage() {
  return <LegalDocument document="terms" sections={TERMS_SECTIONS} updated="2026-11-02" />;
}

export { TermsPage as Component };
