import { useCanEdit } from '../../features/auth/index.ts';
import { DuplicatesPage } from '../../features/crm/pages/duplicates-page.tsx';

/** Composes the signed-in role (auth) with the people's duplicates (crm). */
export function Component() {
  return <DuplicatesPage canEdit={useCanEdit()} />;
}
