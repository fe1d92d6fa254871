import { useParams } from 'react-router';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { FilesPage } from '../../features/files/components/files-page.tsx';
import { PublicFilePage } from '../../features/files/components/public-file-page.tsx';
import { StorageDashboard } from '../../features/files/components/storage-dashboard.tsx';

/**
 * Composes the signed-in member and role (auth) with the files manager (files):
 * `/dashboard/files-manager`, the storage dashboard `/dashboard/file`, and a public link's page
 * `/files/shared/{token}` (signed out).
 */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <FilesPage myId={user.id ?? ''} canEdit={roleCanEdit(user.role)} />;
}

export function StorageDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <StorageDashboard canEdit={roleCanEdit(user.role)} />;
}

export function PublicFileRoute() {
  const { token } = useParams();
  return <PublicFilePage token={token ?? ''} />;
}
