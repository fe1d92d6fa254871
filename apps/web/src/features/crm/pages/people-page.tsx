import { RecordsScreen } from '../table/records-screen.tsx';

export interface PeoplePageProps {
  canEdit: boolean;
  userId: string | null;
}

/** `/dashboard/people`: every person of the workspace, filtered, sorted and acted on. */
export function PeoplePage({ canEdit, userId }: PeoplePageProps) {
  return <RecordsScreen key="people" entity="people" canEdit={canEdit} userId={userId} />;
}
