import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DuplicateGroup } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { useDuplicatesQuery, useMergePeopleMutation } from '../api/crm-data-api.ts';
import { BackLink } from '../record/components/back-link.tsx';
import { EmptyState, RetryAlert } from '../record/components/record-states.tsx';
import { callErrorText } from '../record/utils/call-error.ts';
import { formatDate, fullName } from '../record/utils/format.ts';

/** A group's own key: its reason and what its people share. */
const groupKey = (group: DuplicateGroup) => `${group.reason}:${group.key}`;

/**
 * `/dashboard/people/duplicates`: the people who are likely one person (the same e-mail, or the
 * same name at the same company), each group with the person to keep chosen (the oldest by
 * default) and one button that merges the others into them: lists, notes, timeline and empty
 * fields move to the person kept, the others are deleted.
 */
export function DuplicatesPage({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('crm');
  const { enqueueSnackbar } = useSnackbar();
  const duplicates = useDuplicatesQuery();
  const [mergePeople] = useMergePeopleMutation();
  const [kept, setKept] = useState<Record<string, string>>({});
  const [merging, setMerging] = useState<DuplicateGroup | null>(null);
  const [busy, setBusy] = useState(false);

  // Loading (skeletons), failed (retry) or ready; a read again after a merge shows the groups
  // it had until the answer replaces them.
  const groups = duplicates.isError ? undefined : duplicates.data;
  const load = duplicates.isError
    ? ({ status: 'failed', error: duplicates.error } as const)
    : groups
      ? ({ status: 'ready', groups } as const)
      : ({ status: 'loading' } as const);
  const read = () => void duplicates.refetch();

  const keptOf = (group: DuplicateGroup) => kept[groupKey(group)] ?? group.people[0]?.id ?? '';

  const merge = async (group: DuplicateGroup) => {
    const primaryId = keptOf(group);
    const duplicateIds = group.people.map((p) => p.id).filter((id) => id !== primaryId);
    setBusy(true);
    try {
      const { person } = await mergePeople({ primaryId, duplicateIds }).unwrap();
      enqueueSnackbar(t('duplicates.merged', { name: fullName(person) }));
      setMerging(null);
    } catch (error) {
      enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const keptPerson = merging ? merging.people.find((p) => p.id === keptOf(merging)) : undefined;

  return (
    <Stack spacing={3}>
      <PageTitle title={t('duplicates.title')} />
      <BackLink to={paths.dashboard.people} label={t('people.title')} />
      <Box>
        <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
          {t('duplicates.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('duplicates.intro')}</Typography>
      </Box>

      {load.status === 'loading' && (
        <Stack spacing={2} role="status" aria-label={t('duplicates.loading')}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={160} />
          ))}
        </Stack>
      )}
      {load.status === 'failed' && (
        <RetryAlert onRetry={() => read()}>{callErrorText(t, load.error)}</RetryAlert>
      )}
      {load.status === 'ready' && load.groups.length === 0 && (
        <EmptyState>{t('duplicates.none')}</EmptyState>
      )}
      {load.status === 'ready' &&
        load.groups.map((group) => {
          const key = groupKey(group);
          const headingId = `duplicates-${key.replace(/[^a-z0-9]+/gi, '-')}`;
          return (
            <Card key={key} component="section" aria-labelledby={headingId}>
              <Box
                sx={{
                  p: 2,
                  display: 'flex',
                  gap: 2,
                  alignItems: 'center',
                  flexWrap: 'wrap',
                }}
              >
                <Typography id={headingId} component="h2" variant="subtitle1" sx={{ flex: 1 }}>
                  {group.reason === 'email'
                    ? t('duplicates.sameEmail', { key: group.key })
                    : t('duplicates.sameName', { key: group.key })}
                </Typography>
                {canEdit && (
                  <Button variant="contained" onClick={() => setMerging(group)}>
                    {t('duplicates.merge')}
                  </Button>
                )}
              </Box>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby={headingId}>
                  <TableHead>
                    <TableRow>
                      {canEdit && <TableCell padding="checkbox">{t('duplicates.keep')}</TableCell>}
                      <TableCell>{t('fields.name')}</TableCell>
                      <TableCell>{t('fields.email')}</TableCell>
                      <TableCell>{t('fields.companyName')}</TableCell>
                      <TableCell>{t('fields.createdAt')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {group.people.map((person) => {
                      const name = fullName(person);
                      return (
                        <TableRow key={person.id}>
                          {canEdit && (
                            <TableCell padding="checkbox">
                              <Radio
                                checked={keptOf(group) === person.id}
                                onChange={() => setKept((k) => ({ ...k, [key]: person.id }))}
                                name={key}
                                slotProps={{
                                  input: { 'aria-label': t('duplicates.keepPerson', { name }) },
                                }}
                              />
                            </TableCell>
                          )}
                          <TableCell>
                            <Link
                              component={RouterLink}
                              to={`${paths.dashboard.people}/${person.id}`}
                            >
                              {name}
                            </Link>
                          </TableCell>
                          <TableCell dir="ltr">{person.email}</TableCell>
                          <TableCell>{person.companyName}</TableCell>
                          <TableCell>{formatDate(person.createdAt, i18n.language)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            </Card>
          );
        })}

      <ConfirmDialog
        open={merging !== null}
        title={t('duplicates.confirmTitle')}
        text={t('duplicates.confirmText', { name: keptPerson ? fullName(keptPerson) : '' })}
        confirmLabel={t('duplicates.confirm')}
        busy={busy}
        onConfirm={() => merging && void merge(merging)}
        onClose={() => setMerging(null)}
      />
    </Stack>
  );
}
