import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control, type FieldError } from 'react-hook-form';
import type { PaymentRequest } from '@beacon/contract';
import { useTranslation } from 'react-i18next';
import { CreditCardIcon } from '../../../components/icons.tsx';
import {
  CARD_BRAND_NAMES,
  caretAfterFormat,
  detectCardBrand,
  formatCardNumber,
} from '../utils/card.ts';

export interface CardNumberFieldProps {
  control: Control<PaymentRequest>;
  errorText: (error: FieldError) => string | undefined;
  disabled?: boolean;
}

/**
 * The card number, grouped as it is printed while it is typed (4-4-4-4, or 4-6-5 for American
 * Express), with the brand recognised from the first digits. The caret stays where it was.
 */
export function CardNumberField({ control, errorText, disabled }: CardNumberFieldProps) {
  const { t } = useTranslation('general');
  const { field, fieldState } = useController({ name: 'cardNumber', control });
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  const brand = detectCardBrand(value);
  const brandName = CARD_BRAND_NAMES[brand];

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    if (document.activeElement === input.current) {
      input.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [value]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const formatted = formatCardNumber(typed);
    caret.current = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, formatted);
    field.onChange(formatted);
  };

  const message = fieldState.error ? errorText(fieldState.error) : undefined;

  return (
    <TextField
      name={field.name}
      value={value}
      onChange={onChange}
      onBlur={field.onBlur}
      inputRef={(element: HTMLInputElement | null) => {
        input.current = element;
        field.ref(element);
      }}
      label={t('payment.fields.cardNumber')}
      autoComplete="cc-number"
      required
      fullWidth
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={message}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 23, dir: 'ltr', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {brandName ? (
                <Typography variant="caption" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {brandName}
                </Typography>
              ) : (
                <CreditCardIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
