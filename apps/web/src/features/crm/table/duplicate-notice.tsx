import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../utils/paths.ts';
import { fullName } from '../record/utils/format.ts';
import type { Duplicate } from './use-create-record.ts';

/**
 * "Ann Lee already has this e-mail": shown when adding a person whose e-mail is in the
 * workspace, with the way to open that person and, knowingly, to add the new one anyway.
 */
export function DuplicateNotice({
  duplicate,
  busy,
  onAddAnyway,
}: {
  duplicate: Duplicate;
  busy: boolean;
  onAddAnyway: () => void;
}) {
  const { t } = useTranslation('crm');
  const name = duplicate.person ? fullName(duplicate.person) : null;
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 2, flexBasis: '100%' }}>
      {name
        ? t('duplicate.named', { name, email: duplicate.email })
        : t('duplicate.unnamed', { email: duplicate.email })}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {duplicate.person && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            component={RouterLink}
            to={`${paths.dashboard.people}/${duplicate.person.id}`}
          >
            {t('duplicate.open', { name })}
          </Button>
        )}
        <Button size="small" color="inherit" disabled={busy} onClick={onAddAnyway}>
          {t('duplicate.addAnyway')}
        </Button>
      </Stack>
    </Alert>
  );
}
