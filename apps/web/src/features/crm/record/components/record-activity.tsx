import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import type { SubjectType } from '@beacon/contract';
import { useSnackbar } from '../../../../components/snackbar/index.ts';
import { NoteEditor } from '../../notes/note-editor.tsx';
import type { RecordPage } from '../hooks/use-crm-record-page.ts';
import type { ActivityContext } from '../utils/activity-text.ts';
import { RecordTabs, type RecordTab } from './record-tabs.tsx';
import { RecordTimeline } from './record-timeline.tsx';

export interface RecordActivityProps<D> {
  subject: { type: SubjectType; id: string };
  page: RecordPage<D>;
  context: ActivityContext;
  canEdit: boolean;
  currentUserId: string | null;
  /** Sections of later areas, after Timeline and Notes (decision 013). */
  extraTabs?: RecordTab[];
}

/** The record's activity area: the note editor, the timeline and the notes, in tabs. */
export function RecordActivity<D>({
  subject,
  page,
  context,
  canEdit,
  currentUserId,
  extraTabs = [],
}: RecordActivityProps<D>) {
  const { t } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  const { state, loadMore, refreshTimeline, addNote, updateNote, deleteNote } = page;

  const tabs = useMemo<RecordTab[]>(() => {
    const editor = canEdit ? (
      <Box sx={{ mb: 3 }}>
        <NoteEditor
          label={t('notes.editorLabel')}
          submitLabel={t('notes.add')}
          onSubmit={async (body) => {
            await addNote(body);
            enqueueSnackbar(t('notes.added'));
          }}
        />
      </Box>
    ) : null;
    const timeline = (notesOnly: boolean) => (
      <RecordTimeline
        timeline={state.timeline}
        context={context}
        loadMore={loadMore}
        retry={refreshTimeline}
        notesOnly={notesOnly}
        canEdit={canEdit}
        currentUserId={currentUserId}
        updateNote={updateNote}
        deleteNote={deleteNote}
      />
    );
    return [
      {
        id: 'timeline',
        label: t('tabs.timeline'),
        render: () => (
          <>
            {editor}
            {timeline(false)}
          </>
        ),
      },
      {
        id: 'notes',
        label: t('tabs.notes'),
        render: () => (
          <>
            {editor}
            {timeline(true)}
          </>
        ),
      },
      ...extraTabs,
    ];
  }, [
    t,
    canEdit,
    addNote,
    enqueueSnackbar,
    state.timeline,
    context,
    loadMore,
    refreshTimeline,
    currentUserId,
    updateNote,
    deleteNote,
    extraTabs,
  ]);

  return (
    <Card>
      <RecordTabs tabs={tabs} subject={subject} />
    </Card>
  );
}
