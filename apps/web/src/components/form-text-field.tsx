import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  useController,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Turns a field error into the text shown under the field (translation happens here). */
  errorText: (error: FieldError) => string | undefined;
};

/** A MUI text field bound to react-hook-form; shows the field's error under it. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  errorText,
  helperText,
  ...other
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error ? errorText(fieldState.error) : undefined;
  return (
    <TextField
      {...other}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={field.disabled || other.disabled}
      error={Boolean(fieldState.error)}
      helperText={message ?? helperText}
      fullWidth
    />
  );
}

/** A password field with a show/hide toggle. */
export function FormPasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setVisible((value) => !value)}
                aria-label={t('showPassword')}
                aria-pressed={visible}
              >
                {visible ? <EyeOffIcon /> : <EyeIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
