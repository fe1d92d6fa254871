import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NavSectionHorizontal, type NavGroupData } from '../../../components/nav-section/index.ts';
import { Scrollbar } from '../../../components/scrollbar.tsx';

/** The height of the horizontal menu's bar under the header, in px. */
export const NAV_HORIZONTAL_BAR_HEIGHT = 56;

/** The horizontal menu: one row under the header, from the `lg` breakpoint. */
export function NavHorizontal({ data }: { data: NavGroupData[] }) {
  const { t } = useTranslation('navbar');
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-nav-layout="horizontal"
      sx={(theme) => ({
        height: NAV_HORIZONTAL_BAR_HEIGHT,
        display: 'flex',
        borderTop: `1px dashed ${theme.palette.divider}`,
        borderBottom: `1px dashed ${theme.palette.divider}`,
      })}
    >
      <Scrollbar sx={{ flex: 1 }}>
        <Box
          sx={{
            width: 'max-content',
            minWidth: '100%',
            px: 5,
            display: 'flex',
            alignItems: 'center',
            minHeight: NAV_HORIZONTAL_BAR_HEIGHT - 2,
          }}
        >
          <NavSectionHorizontal data={data} sx={{ mx: 'auto' }} />
        </Box>
      </Scrollbar>
    </Box>
  );
}
