import type { TFunction } from 'i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

/** A failed call of the mail app, in the reader's words (`mail:errors`). */
export const mailErrorText = (t: TFunction, error: unknown): string =>
  areaErrorText(t, 'mail', error);
