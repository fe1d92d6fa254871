import { useCallback } from 'react';
import type { ListKind, RecordList } from '@beacon/contract';
import type { RecordPage } from '../hooks/use-crm-record-page.ts';
import { useRecordLists } from '../hooks/use-record-lists.ts';
import { AddToListDialog } from './add-to-list-dialog.tsx';
import { RecordListsCard } from './record-lists-card.tsx';

export interface RecordListsSectionProps {
  recordId: string;
  kind: ListKind;
  /** The lists the record is on. */
  lists: RecordList[];
  canEdit: boolean;
  /** Whether the dialog that adds the record to a list is open (the page header opens it too). */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
  /** Read again after a change: the record (its lists) and its timeline. */
  page: Pick<RecordPage<unknown>, 'refresh' | 'refreshTimeline'>;
}

/** The lists card of a record page and the dialog that adds the record to another list. */
export function RecordListsSection({
  recordId,
  kind,
  lists,
  canEdit,
  adding,
  onAddingChange,
  page: { refresh, refreshTimeline },
}: RecordListsSectionProps) {
  const afterListChange = useCallback(() => {
    refresh();
    refreshTimeline();
  }, [refresh, refreshTimeline]);
  const { add, remove } = useRecordLists(recordId, afterListChange);
  return (
    <>
      <RecordListsCard
        lists={lists}
        canEdit={canEdit}
        onAdd={() => onAddingChange(true)}
        onRemove={(list) => void remove(list)}
      />
      <AddToListDialog
        open={adding}
        kind={kind}
        current={lists}
        onClose={() => onAddingChange(false)}
        onAdd={async (list) => {
          await add(list);
          onAddingChange(false);
        }}
      />
    </>
  );
}
