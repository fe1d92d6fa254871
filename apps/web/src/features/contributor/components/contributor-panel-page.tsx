import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Role } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { SharedViewsSection } from './shared-views-section.tsx';
import { TagsSection } from './tags-section.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { TransfersSection } from './transfers-section.tsx';

export interface ContributorPanelPageProps {
  userId: string | undefined;
  role: Role | undefined;
  /** The pipelines and their editor, composed by the route from the deals area. */
  pipelines: ReactNode;
}

/**
 * `/dashboard/contributor-panel` (admins and contributors): the configuration the workspace
 * shares: tags, pipelines, e-mail templates and snippets, shared views, imports and exports.
 */
export function ContributorPanelPage({ userId, role, pipelines }: ContributorPanelPageProps) {
  const { t } = useTranslation('panels');
  const { loaded: members } = useWorkspaceMembers();
  const canEdit = role === 'admin' || role === 'contributor';
  return (
    <Stack spacing={4}>
      <PageTitle title={t('title')} />
      <Box>
        <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('subtitle')}</Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <TagsSection canEdit={canEdit} />
        {pipelines}
        <SharedViewsSection members={members} userId={userId} role={role} />
        <TemplatesSection canEdit={canEdit} />
      </Box>
      <TransfersSection members={members} />
    </Stack>
  );
}
