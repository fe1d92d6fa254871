import './plain.css';
import { useId, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export interface TextInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  /** The error under the field; the field is marked invalid while there is one. */
  error?: string;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field drawn as MUI's (label that floats into a notch of the outline, helper
 * text under it) from plain elements and plain.css: the same markup roles and names as
 * `components/text-input.tsx`, without MUI.
 */
export function TextInput({
  name,
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  required,
  disabled,
  error,
  helperText,
  endAdornment,
  inputRef,
}: TextInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  const below = error ?? helperText;
  const [focused, setFocused] = useState(false);
  // A value the browser filled in is not in `value` until the page is used: CSS sees it.
  const [autofilled, setAutofilled] = useState(false);
  const shrink = focused || value !== '' || autofilled;
  const names = [
    'bk-field',
    shrink && 'bk-field--shrink',
    focused && 'bk-field--focused',
    error && 'bk-field--error',
    endAdornment && 'bk-field--end',
  ];
  const asterisk = required ? '\u2009*' : '';
  return (
    <div className={names.filter(Boolean).join(' ')}>
      <label className="bk-field__label" htmlFor={id} id={labelId} data-shrink={shrink}>
        {label}
        {required && (
          <span aria-hidden="true" className="bk-field__asterisk">
            {asterisk}
          </span>
        )}
      </label>
      <div className="bk-field__box">
        <input
          id={id}
          className="bk-field__input"
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={below ? helperId : undefined}
          ref={inputRef}
          onChange={(event) => {
            setAutofilled(false);
            onChange(event.target.value);
          }}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
          onAnimationStart={(event) => {
            if (event.animationName === 'bk-autofill') setAutofilled(true);
          }}
        />
        {endAdornment && <div className="bk-field__end">{endAdornment}</div>}
        <fieldset aria-hidden="true" className="bk-field__outline">
          <legend>
            <span>
              {label}
              {asterisk}
            </span>
          </legend>
        </fieldset>
      </div>
      {below && (
        <p className="bk-field__helper" id={helperId}>
          {below}
        </p>
      )}
    </div>
  );
}

/** A password `TextInput` with a show/hide toggle. */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="bk-icon-btn bk-icon-btn--edge-end"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={t('showPassword')}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
