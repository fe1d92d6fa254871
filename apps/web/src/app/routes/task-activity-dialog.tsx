import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Task } from '@beacon/contract';
import { RecordActivity } from '../../features/crm/record/components/record-activity.tsx';
import {
  useRecordTimeline,
  type RecordPage,
} from '../../features/crm/record/hooks/use-crm-record-page.ts';

export interface TaskActivityDialogProps {
  /** The task whose notes and timeline show; closed when null. */
  task: Task | null;
  canEdit: boolean;
  currentUserId: string | null;
  memberName: (id: string) => string | null;
  onClose: () => void;
}

/**
 * A task's notes and timeline (the API's `/api/tasks/{id}/notes` and `/activity`), as the people
 * and deals pages show theirs: the same tabs, editor and timeline (the crm feature's), composed
 * here with the tasks screen (tasks-route.tsx), since one feature does not import another.
 */
export function TaskActivityDialog({ task, onClose, ...props }: TaskActivityDialogProps) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="task-activity-title"
    >
      <DialogTitle id="task-activity-title">
        {task ? t('activity.title', { title: task.title }) : ''}
      </DialogTitle>
      <DialogContent>{task && <TaskActivity task={task} {...props} />}</DialogContent>
      <DialogActions>
        <Button color="inherit" variant="outlined" onClick={onClose}>
          {t('activity.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TaskActivity({
  task,
  canEdit,
  currentUserId,
  memberName,
}: Omit<TaskActivityDialogProps, 'onClose' | 'task'> & { task: Task }) {
  const { timeline, refreshTimeline, loadMore, addNote, updateNote, deleteNote } =
    useRecordTimeline('task', task.id);
  // The timeline is the page here: the task itself is the list's (it reads itself on changes).
  const page: RecordPage<Task> = useMemo(
    () => ({
      state: { loading: false, error: null, data: task, timeline },
      refresh: () => undefined,
      replace: () => undefined,
      refreshTimeline,
      loadMore,
      addNote,
      updateNote,
      deleteNote,
    }),
    [task, timeline, refreshTimeline, loadMore, addNote, updateNote, deleteNote],
  );
  const context = useMemo(() => ({ memberName }), [memberName]);
  return (
    <RecordActivity
      subject={{ type: 'task', id: task.id }}
      page={page}
      context={context}
      canEdit={canEdit}
      currentUserId={currentUserId}
    />
  );
}
