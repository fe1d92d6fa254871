import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import type { ThemeLayout } from '../settings-config.ts';

/** A small drawing of a layout: where the menu sits and how wide it is. */
export function LayoutPreview({ layout, selected }: { layout: ThemeLayout; selected: boolean }) {
  const theme = useTheme();
  const strong = selected ? theme.palette.primary.main : theme.palette.grey[500];
  const soft = alpha(strong, selected ? 0.24 : 0.16);
  const bar = (width: number | string, opacity = 1) => (
    <Box sx={{ height: 4, width, borderRadius: 1, bgcolor: strong, opacity }} />
  );
  const content = (
    <Box
      sx={{
        flex: 1,
        borderRadius: 0.75,
        bgcolor: soft,
        border: `1px dashed ${alpha(strong, 0.4)}`,
      }}
    />
  );
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: 64,
        height: 44,
        p: 0.5,
        display: 'flex',
        flexDirection: layout === 'horizontal' ? 'column' : 'row',
        gap: 0.5,
      }}
    >
      {layout === 'horizontal' ? (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: 8 }}>
          <Box sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: strong }} />
          {bar(12)}
          {bar(10, 0.48)}
          {bar(10, 0.48)}
        </Box>
      ) : (
        <Box
          sx={{
            width: layout === 'mini' ? 10 : 20,
            display: 'flex',
            flexDirection: 'column',
            alignItems: layout === 'mini' ? 'center' : 'stretch',
            gap: 0.5,
          }}
        >
          <Box sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: strong, mb: 0.25 }} />
          {bar(layout === 'mini' ? 6 : '100%')}
          {bar(layout === 'mini' ? 6 : '70%', 0.48)}
          {bar(layout === 'mini' ? 6 : '70%', 0.48)}
        </Box>
      )}
      {content}
    </Box>
  );
}
