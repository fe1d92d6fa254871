import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isEmail, splitAddresses } from './compose-utils.ts';
import { searchRecipients, type Suggestion } from './suggestions.ts';

export interface RecipientsFieldProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  autoFocus?: boolean;
}

/**
 * A list of recipients: addresses typed or pasted (several at once), or picked from the people
 * of the CRM and the members of the workspace as the member types. An entry that is not an
 * address is marked and keeps the mail from leaving.
 */
export function RecipientsField({ label, value, onChange, autoFocus }: RecipientsFieldProps) {
  const { t } = useTranslation('compose');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const q = input.trim();
    if (q.length < 2 || /[,;]/.test(q)) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      searchRecipients(q, controller.signal)
        .then((found) => setOptions(found.filter((s) => !value.includes(s.email))))
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [input, value]);

  const add = (list: string[]) => {
    const next = [...value];
    for (const address of list) if (!next.includes(address)) next.push(address);
    onChange(next);
  };

  const invalid = value.filter((v) => !isEmail(v));

  return (
    <Autocomplete<Suggestion | string, true, false, true>
      multiple
      freeSolo
      size="small"
      options={options}
      loading={loading}
      filterOptions={(list) => list}
      value={value}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') return;
        // A comma, a semicolon or a pasted list makes chips of what came before it.
        if (/[,;\n]/.test(next)) {
          const parts = next.split(/[,;\n]/);
          const rest = parts.pop() ?? '';
          add(splitAddresses(parts.join(',')));
          setInput(rest);
          return;
        }
        setInput(next);
      }}
      onChange={(_event, next) => {
        onChange([
          ...new Set(
            next.flatMap((item) =>
              typeof item === 'string' ? splitAddresses(item) : [item.email],
            ),
          ),
        ]);
        setInput('');
      }}
      onBlur={() => {
        if (input.trim()) {
          add(splitAddresses(input));
          setInput('');
        }
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.email)}
      isOptionEqualToValue={(option, current) =>
        (typeof option === 'string' ? option : option.email) ===
        (typeof current === 'string' ? current : current.email)
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        if (typeof option === 'string') return null;
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {option.name || option.email}
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ color: 'text.secondary', ms: 1 }}
                >
                  {t(`suggestion.${option.kind}`)}
                </Typography>
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                {option.email}
                {option.detail ? ` · ${option.detail}` : ''}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const address = typeof item === 'string' ? item : item.email;
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={address}
              color={isEmail(address) ? 'default' : 'error'}
              variant={isEmail(address) ? 'filled' : 'outlined'}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          label={label}
          sx={{ mt: 0.75 }}
          autoFocus={autoFocus}
          error={invalid.length > 0}
          helperText={
            invalid.length > 0 ? t('errors.badAddress', { address: invalid[0] }) : undefined
          }
        />
      )}
    />
  );
}
