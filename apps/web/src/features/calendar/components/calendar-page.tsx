import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { CalendarImportResult } from '@beacon/contract';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { AfterPaint } from '../../../lib/after-paint.tsx';
import type { AppDispatch } from '../../../lib/store.ts';
import { saveFile } from '../../../utils/save-file.ts';
import { calendarErrorText } from '../utils/error-text.ts';
import { DownloadIcon, LinkIcon, PlusIcon, UploadIcon } from './calendar-icons.tsx';
import type { Editing } from './calendar-content.tsx';
import { CalendarCardSkeleton } from './calendar-skeleton.tsx';

/*
 * What is below the heading (the calendar's calls with the contract's schemas and zod, the filters,
 * FullCalendar, the event form: about 140 KiB of gzip JavaScript) loads once the heading and the
 * calendar's skeleton have painted (docs/decisions/049-first-paint-of-signed-in-pages.md). The
 * heading's actions load what they use when used; by then it is there.
 */
const CalendarContent = lazy(async () => ({
  default: (await import('./calendar-content.tsx')).CalendarContent,
}));
const calendarCalls = () => import('../api/calendar-api.ts');

/* The feed dialog loads when first opened. */
const FeedDialog = lazy(async () => ({
  default: (await import('./feed-dialog.tsx')).FeedDialog,
}));

export interface CalendarPageProps {
  /** Admins and contributors change events; viewers only read them. */
  canEdit: boolean;
}

/** `/dashboard/calendar`: the workspace's events, live for every member who has it open. */
export function CalendarPage({ canEdit }: CalendarPageProps) {
  const { t } = useTranslation('calendar');
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useDispatch<AppDispatch>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const edit = useCallback((next: Editing) => setEditing(next), []);
  const [feedOpen, setFeedOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition.
  const [feedUsed, setFeedUsed] = useState(false);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<CalendarImportResult | null>(null);

  const newEvent = async () => {
    const { valuesForNow } = await import('../utils/event-form.ts');
    setEditing({ values: valuesForNow() });
  };

  const exportIcs = async () => {
    try {
      const { calendarFiles } = await calendarCalls();
      saveFile(await calendarFiles.exportIcs(), `${t('exportFileName')}.ics`);
    } catch (failure) {
      enqueueSnackbar(calendarErrorText(t, failure), { variant: 'error' });
    }
  };

  const importIcs = async (file: File | undefined) => {
    if (!file) return;
    const [{ CALENDAR_IMPORT_MAX_BYTES }, { calendarApi }] = await Promise.all([
      import('@beacon/contract'),
      calendarCalls(),
    ]);
    /** Larger files are refused by the server (2 MB); say so before sending them. */
    if (file.size > CALENDAR_IMPORT_MAX_BYTES) {
      enqueueSnackbar(t('import.tooLarge'), { variant: 'error' });
      return;
    }
    setImporting(true);
    // The events of the range on screen are read again (the import invalidates them).
    const sent = dispatch(calendarApi.endpoints.calendarImport.initiate(file));
    try {
      setImported(await sent.unwrap());
    } catch (failure) {
      enqueueSnackbar(calendarErrorText(t, failure), { variant: 'error' });
    } finally {
      // The store keeps no entry for it, as the mutation hook did not once unmounted.
      sent.reset();
      setImporting(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
            <Typography component="h1" variant="h4">
              {t('title')}
            </Typography>
            <LiveStatus />
          </Box>
          <Typography sx={{ color: 'text.secondary' }}>
            {canEdit ? t('subtitle') : t('subtitleReadOnly')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LinkIcon />}
            onClick={() => {
              setFeedUsed(true);
              setFeedOpen(true);
            }}
          >
            {t('actions.subscribe')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DownloadIcon />}
            onClick={() => void exportIcs()}
          >
            {t('actions.export')}
          </Button>
          {canEdit && (
            <>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<UploadIcon />}
                loading={importing}
                onClick={() => fileInput.current?.click()}
              >
                {t('actions.import')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".ics,text/calendar"
                hidden
                aria-hidden="true"
                tabIndex={-1}
                onChange={(event) => {
                  void importIcs(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Button variant="contained" startIcon={<PlusIcon />} onClick={() => void newEvent()}>
                {t('actions.newEvent')}
              </Button>
            </>
          )}
        </Box>
      </Box>

      {imported && (
        <Alert
          severity={imported.skipped.length ? 'warning' : 'success'}
          onClose={() => setImported(null)}
        >
          <AlertTitle>{t('import.done', { count: imported.imported })}</AlertTitle>
          {imported.skipped.length > 0 && (
            <>
              {t('import.skipped', { count: imported.skipped.length })}
              <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }}>
                {imported.skipped.slice(0, 10).map((skip) => (
                  <li key={skip.index}>
                    {t('import.skippedItem', { number: skip.index + 1, reason: skip.reason })}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}

      <AfterPaint fallback={<CalendarCardSkeleton label={t('loading')} />}>
        <CalendarContent canEdit={canEdit} editing={editing} onEdit={edit} />
      </AfterPaint>
      {feedUsed && (
        <Suspense fallback={null}>
          <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
