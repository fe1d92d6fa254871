import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent, Member } from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../utils/form-errors.ts';
import { memberName } from '../../../utils/members.ts';
import {
  useCalendarCreateEventMutation,
  useCalendarDeleteEventMutation,
  useCalendarUpdateEventMutation,
} from '../api/calendar-api.ts';
import { EVENT_COLORS, colorName } from '../utils/colors.ts';
import { calendarErrorText } from '../utils/error-text.ts';
import {
  eventFieldErrorText,
  eventFormSchema,
  switchAllDay,
  toEventInput,
  type EventFormField,
  type EventFormValues,
} from '../utils/event-form.ts';
import { TrashIcon } from './calendar-icons.tsx';

// The contract's limits of an event's fields.
const TITLE_MAX = eventFormSchema.shape.title.maxLength ?? undefined;
const DESCRIPTION_MAX = eventFormSchema.shape.description.maxLength ?? undefined;
const LOCATION_MAX = eventFormSchema.shape.location.maxLength ?? undefined;

const EVENT_FORM_FIELDS: readonly EventFormField[] = [
  'title',
  'description',
  'location',
  'color',
  'allDay',
  'start',
  'end',
  'attendeeIds',
];

export interface EventDialogProps {
  /** The event to edit; none to create one. */
  event?: CalendarEvent | undefined;
  initialValues: EventFormValues;
  canEdit: boolean;
  members: Member[];
  onClose: () => void;
  /** A new event was saved (the page may show its date). */
  onCreated?: (event: CalendarEvent) => void;
}

/** Create or edit an event; viewers see the same fields, read-only. */
export function EventDialog({
  event,
  initialValues,
  canEdit,
  members,
  onClose,
  onCreated,
}: EventDialogProps) {
  const { t } = useTranslation('calendar');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [createEvent] = useCalendarCreateEventMutation();
  const [updateEvent] = useCalendarUpdateEventMutation();
  const [deleteEvent] = useCalendarDeleteEventMutation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { control, handleSubmit, formState, getValues, setError, setValue, watch } =
    useForm<EventFormValues>({
      resolver: zodResolver(eventFormSchema),
      defaultValues: initialValues,
    });
  const allDay = watch('allDay');
  const errorText = (field: EventFormField) => (error: Parameters<typeof eventFieldErrorText>[2]) =>
    eventFieldErrorText(t, field, error);
  const readOnly = !canEdit;

  const submit = handleSubmit(async (values) => {
    const input = toEventInput(values);
    try {
      if (event) {
        await updateEvent({ eventId: event.id, patch: input }).unwrap();
        enqueueSnackbar(t('messages.updated'));
      } else {
        const created = await createEvent(input).unwrap();
        enqueueSnackbar(t('messages.created'));
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      // What the server refuses per field (attendees not in the workspace, an end before the
      // start) goes on that field; anything else as a message.
      const failure = isApiFailure(error) ? error : undefined;
      if (!applyServerFieldErrors(setError, failure, EVENT_FORM_FIELDS)) {
        enqueueSnackbar(calendarErrorText(t, error), { variant: 'error' });
      }
    }
  });

  const remove = async () => {
    if (!event) return;
    try {
      await deleteEvent(event.id).unwrap();
      enqueueSnackbar(t('messages.deleted'));
      onClose();
    } catch (error) {
      enqueueSnackbar(calendarErrorText(t, error), { variant: 'error' });
    }
  };

  const dialogTitle = !event
    ? t('dialog.newTitle')
    : canEdit
      ? t('dialog.editTitle')
      : t('dialog.viewTitle');

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id={titleId}>{dialogTitle}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              {event?.rrule ? (
                <Typography variant="body2" color="text.secondary">
                  {t('dialog.repeatsNote')}
                </Typography>
              ) : null}
              <FormTextField
                control={control}
                name="title"
                label={t('fields.title')}
                required
                autoFocus={canEdit}
                errorText={errorText('title')}
                slotProps={{ htmlInput: { maxLength: TITLE_MAX, readOnly } }}
              />
              <Controller
                control={control}
                name="allDay"
                render={({ field }) => (
                  <FormControlLabel
                    label={t('fields.allDay')}
                    disabled={readOnly}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(_e, checked) => {
                          const dates = switchAllDay(getValues(), checked);
                          field.onChange(checked);
                          setValue('start', dates.start);
                          setValue('end', dates.end, { shouldValidate: formState.isSubmitted });
                        }}
                      />
                    }
                  />
                )}
              />
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                <FormTextField
                  control={control}
                  name="start"
                  type={allDay ? 'date' : 'datetime-local'}
                  label={t('fields.start')}
                  required
                  errorText={errorText('start')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
                />
                <FormTextField
                  control={control}
                  name="end"
                  type={allDay ? 'date' : 'datetime-local'}
                  label={allDay ? t('fields.lastDay') : t('fields.end')}
                  required
                  errorText={errorText('end')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
                />
              </Box>

              <Controller
                control={control}
                name="color"
                render={({ field }) => (
                  <Box role="group" aria-labelledby={`${titleId}-color`}>
                    <Typography
                      id={`${titleId}-color`}
                      variant="caption"
                      component="p"
                      sx={{ color: 'text.secondary', mb: 0.5 }}
                    >
                      {t('fields.color')}
                    </Typography>
                    <RadioGroup
                      row
                      value={field.value}
                      onChange={(_e, value) => field.onChange(value)}
                      aria-labelledby={`${titleId}-color`}
                      sx={{ gap: 0.5 }}
                    >
                      {[
                        ...EVENT_COLORS,
                        ...(colorName(field.value)
                          ? []
                          : [{ value: field.value, name: undefined }]),
                      ].map((color) => (
                        <Radio
                          key={color.value}
                          value={color.value}
                          disabled={readOnly}
                          slotProps={{
                            input: {
                              'aria-label': color.name ? t(`colors.${color.name}`) : color.value,
                            },
                          }}
                          icon={<Swatch color={color.value} />}
                          checkedIcon={<Swatch color={color.value} checked />}
                          sx={{ p: 0.5 }}
                        />
                      ))}
                    </RadioGroup>
                  </Box>
                )}
              />

              <FormTextField
                control={control}
                name="location"
                label={t('fields.location')}
                errorText={errorText('location')}
                slotProps={{ htmlInput: { maxLength: LOCATION_MAX, readOnly } }}
              />

              <Controller
                control={control}
                name="attendeeIds"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    multiple
                    options={members}
                    value={members.filter((m) => field.value.includes(m.id))}
                    readOnly={readOnly}
                    getOptionLabel={memberName}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    onChange={(_e, value) => field.onChange(value.map((m) => m.id))}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('fields.attendees')}
                        error={Boolean(fieldState.error)}
                        helperText={
                          fieldState.error
                            ? eventFieldErrorText(t, 'attendeeIds', fieldState.error)
                            : undefined
                        }
                      />
                    )}
                  />
                )}
              />

              <FormTextField
                control={control}
                name="description"
                label={t('fields.description')}
                multiline
                minRows={3}
                errorText={errorText('description')}
                slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX, readOnly } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            {event && canEdit && (
              <Button
                color="error"
                startIcon={<TrashIcon />}
                onClick={() => setConfirmDelete(true)}
                sx={{ me: 'auto' }}
              >
                {t('actions.delete')}
              </Button>
            )}
            <Button color="inherit" variant="outlined" onClick={onClose}>
              {canEdit ? t('actions.cancel') : t('actions.close')}
            </Button>
            {canEdit && (
              <Button type="submit" variant="contained" loading={formState.isSubmitting}>
                {event ? t('actions.save') : t('actions.create')}
              </Button>
            )}
          </DialogActions>
        </Box>
      </Dialog>

      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${titleId}-delete`}
      >
        <DialogTitle id={`${titleId}-delete`}>{t('dialog.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(event?.rrule ? 'dialog.deleteOccurrenceText' : 'dialog.deleteText', {
              title: event?.title ?? '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={() => setConfirmDelete(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              void remove();
            }}
          >
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Swatch({ color, checked = false }: { color: string; checked?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        width: 28,
        height: 28,
        borderRadius: '50%',
        bgcolor: color,
        display: 'grid',
        placeItems: 'center',
        boxShadow: (theme) =>
          checked ? `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${color}` : 'none',
        transition: 'box-shadow 120ms',
        '&::after': checked
          ? {
              content: '""',
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: 'common.white',
            }
          : {},
      }}
    />
  );
}
