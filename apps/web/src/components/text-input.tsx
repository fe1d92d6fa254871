import {
  useId,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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
 * An outlined text field drawn like MUI's `TextField` (label, outline with its notch, helper text)
 * from its parts. `TextField` also carries `select` (menu, popover, modal and their transitions),
 * which a page of plain inputs, such as the sign-in page, should not load.
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
  return (
    <FormControl
      variant="outlined"
      fullWidth
      required={required}
      disabled={disabled}
      error={Boolean(error)}
    >
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        autoComplete={autoComplete}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        endAdornment={endAdornment}
        aria-describedby={below ? helperId : undefined}
      />
      {below && <FormHelperText id={helperId}>{below}</FormHelperText>}
    </FormControl>
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
        <InputAdornment position="end">
          <IconButton
            edge="end"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={t('showPassword')}
            aria-pressed={visible}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
