import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_MAX_BYTES,
  type DuplicateMode,
  type ImportEntity,
  type ImportJob,
  type RecordList,
} from '@beacon/contract';
import { saveFile } from '../../../utils/save-file.ts';
import { formatNumber } from '../record/utils/format.ts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useImportJobQuery,
  useStartImportMutation,
  useUploadImportMutation,
} from '../api/imports-api.ts';
import { crmErrorText } from '../utils/error-text.ts';
import { UploadIcon } from '../../../components/icons.tsx';
import {
  assignField,
  errorsCsv,
  importFields,
  importProgress,
  initialMapping,
  isFinished,
  mappingProblems,
  type ImportMapping,
} from './import-mapping.ts';

export interface ImportDialogProps {
  entity: ImportEntity;
  open: boolean;
  lists: readonly RecordList[];
  onClose: () => void;
  /** The import finished: the table reloads. */
  onFinished: () => void;
}

type Step = 'choose' | 'map' | 'running' | 'report';
const POLL_MS = 1000;
const IGNORE = '__ignore__';

/** CSV import: choose a file, map its columns, handle duplicates, follow the job, read the report. */
export function ImportDialog({ entity, open, lists, onClose, onFinished }: ImportDialogProps) {
  const { t, i18n } = useTranslation('crm');
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [duplicateMode, setDuplicateMode] = useState<DuplicateMode>('skip');
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadImport] = useUploadImportMutation();
  const [startImport] = useStartImportMutation();
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const reset = () => {
    setStep('choose');
    setFile(null);
    setJob(null);
    setMapping({});
    setDuplicateMode('skip');
    setListId('');
    setError(null);
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const upload = async () => {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setError(t('import.tooLarge'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadImport({ entity, file, fileName: file.name }).unwrap();
      setJob(uploaded);
      setMapping(initialMapping(entity, uploaded));
      setStep('map');
    } catch (e) {
      setError(crmErrorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!job) return;
    setBusy(true);
    setError(null);
    try {
      const started = await startImport({
        id: job.id,
        body: { mapping, duplicateMode, listId: listId || null },
      }).unwrap();
      setJob(started);
      setStep(isFinished(started.status) ? 'report' : 'running');
    } catch (e) {
      setError(crmErrorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  // Follows the job until it ends (read again each POLL_MS; after a failed read, less often).
  const jobId = job?.id;
  const [failing, setFailing] = useState(false);
  const polled = useImportJobQuery(step === 'running' && jobId ? jobId : skipToken, {
    pollingInterval: failing ? POLL_MS * 3 : POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const next = polled.currentData;
  const pollFailed = polled.isError;
  useEffect(() => setFailing(pollFailed), [pollFailed]);
  useEffect(() => {
    if (step !== 'running' || !next || next.id !== jobId) return;
    setJob(next);
    if (isFinished(next.status)) {
      setStep('report');
      onFinishedRef.current();
    }
  }, [next, step, jobId]);

  const problems = step === 'map' ? mappingProblems(entity, mapping) : [];
  const fields = importFields(entity);
  const kindLists = lists.filter((l) => l.kind === entity);

  return (
    <Dialog
      open={open}
      onClose={step === 'running' ? undefined : close}
      fullWidth
      maxWidth="md"
      aria-labelledby="crm-import-title"
    >
      <DialogTitle id="crm-import-title">{t(`${entity}.importTitle`)}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}

        {step === 'choose' && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography sx={{ color: 'text.secondary' }}>{t(`${entity}.importHelp`)}</Typography>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadIcon />}
              onClick={() => inputRef.current?.click()}
            >
              {t('import.chooseFile')}
            </Button>
            {file && (
              <Typography variant="body2">
                {t('import.chosen', { name: file.name, size: formatSize(file.size) })}
              </Typography>
            )}
          </Stack>
        )}

        {step === 'map' && job && (
          <Stack spacing={3}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('import.rowsFound', { count: job.totalRows, name: job.fileName })}
            </Typography>
            <TableContainer
              sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Table size="small" stickyHeader aria-label={t('import.mappingTable')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('import.column')}</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>{t('import.field')}</TableCell>
                    <TableCell>{t('import.preview')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {job.columns.map((column, index) => (
                    <TableRow key={column}>
                      <TableCell sx={{ fontWeight: 600 }}>{column}</TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          value={mapping[column] ?? IGNORE}
                          onChange={(e) =>
                            setMapping((m) =>
                              assignField(
                                m,
                                column,
                                e.target.value === IGNORE ? null : e.target.value,
                              ),
                            )
                          }
                          slotProps={{
                            htmlInput: { 'aria-label': t('import.fieldFor', { column }) },
                          }}
                        >
                          <MenuItem value={IGNORE}>{t('import.ignore')}</MenuItem>
                          {fields.map((field) => (
                            <MenuItem key={field} value={field}>
                              {t(`importFields.${field}` as never)}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                      <TableCell sx={{ color: 'text.secondary', maxWidth: 280 }}>
                        <Box
                          component="span"
                          sx={{
                            display: 'block',
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {job.preview
                            .slice(0, 3)
                            .map((row) => row[index] ?? '')
                            .filter(Boolean)
                            .join(' · ')}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {problems.map((key) => (
              <Alert key={key} severity="warning">
                {t(key as never)}
              </Alert>
            ))}
            <Box>
              <FormLabel id="crm-import-duplicates">{t('import.duplicates')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="crm-import-duplicates"
                value={duplicateMode}
                onChange={(e) => setDuplicateMode(e.target.value as DuplicateMode)}
              >
                {(['skip', 'update', 'create'] as const).map((mode) => (
                  <FormControlLabel
                    key={mode}
                    value={mode}
                    control={<Radio />}
                    label={t(`import.duplicateModes.${mode}`)}
                  />
                ))}
              </RadioGroup>
            </Box>
            <TextField
              select
              size="small"
              label={t('import.addToList')}
              value={listId}
              onChange={(e) => setListId(e.target.value)}
              sx={{ maxWidth: 360 }}
            >
              <MenuItem value="">{t('import.noList')}</MenuItem>
              {kindLists.map((list) => (
                <MenuItem key={list.id} value={list.id}>
                  {list.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}

        {(step === 'running' || step === 'report') && job && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
                {step === 'running'
                  ? t('import.progress', {
                      done: job.processedRows,
                      total: job.totalRows,
                    })
                  : job.status === 'completed'
                    ? t('import.finished')
                    : t('import.failed')}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={importProgress(job)}
                aria-label={t('import.progressLabel')}
              />
            </Box>
            {job.failure && <Alert severity="error">{job.failure}</Alert>}
            {step === 'report' && (
              <>
                <Box
                  data-testid="import-report"
                  sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}
                >
                  {(['created', 'updated', 'skipped', 'refused'] as const).map((key) => (
                    <Box
                      key={key}
                      sx={{
                        p: 1.5,
                        borderRadius: 1,
                        bgcolor: 'background.neutral',
                        textAlign: 'center',
                      }}
                    >
                      <Typography variant="h5" component="p">
                        {formatNumber(job[key], i18n.language)}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {t(`import.counts.${key}`)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                {job.errors.length > 0 && (
                  <>
                    <Stack
                      direction="row"
                      sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                    >
                      <Typography variant="subtitle2">{t('import.refusedRows')}</Typography>
                      <Button
                        size="small"
                        onClick={() =>
                          saveFile(
                            new Blob([errorsCsv(job.errors)], { type: 'text/csv' }),
                            'errors.csv',
                          )
                        }
                      >
                        {t('import.downloadErrors')}
                      </Button>
                    </Stack>
                    <TableContainer sx={{ maxHeight: 240 }}>
                      <Table size="small" aria-label={t('import.refusedRows')}>
                        <TableHead>
                          <TableRow>
                            <TableCell>{t('import.row')}</TableCell>
                            <TableCell>{t('import.reason')}</TableCell>
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {job.errors.slice(0, 200).map((e) => (
                            <TableRow key={`${e.row}-${e.reason}`}>
                              <TableCell>{e.row}</TableCell>
                              <TableCell>{e.reason}</TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </TableContainer>
                  </>
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'choose' && (
          <>
            <Button color="inherit" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button variant="contained" disabled={!file || busy} onClick={() => void upload()}>
              {t('import.upload')}
            </Button>
          </>
        )}
        {step === 'map' && (
          <>
            <Button color="inherit" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={busy || problems.length > 0}
              onClick={() => void start()}
            >
              {t('import.start')}
            </Button>
          </>
        )}
        {step === 'running' && (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 1 }}>
            {t('import.keepOpen')}
          </Typography>
        )}
        {step === 'report' && (
          <Button variant="contained" onClick={close}>
            {t('actions.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
