import type { TFunction } from 'i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

/** A failed call of the e-mails area, in the reader's words (`emails:errors`). */
export const emailsErrorText = (t: TFunction, error: unknown): string =>
  areaErrorText(t, 'emails', error);
