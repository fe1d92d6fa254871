import { RecordsScreen } from '../table/records-screen.tsx';

export interface CompaniesPageProps {
  canEdit: boolean;
  userId: string | null;
}

/** `/dashboard/companies`: every company of the workspace, filtered, sorted and acted on. */
export function CompaniesPage({ canEdit, userId }: CompaniesPageProps) {
  return <RecordsScreen key="companies" entity="companies" canEdit={canEdit} userId={userId} />;
}
