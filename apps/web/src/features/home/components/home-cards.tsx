import Box from '@mui/material/Box';
import { homeCards } from '../cards/registry.ts';

/** The home page's cards on a 12-column grid (one column on a phone, two on a tablet). */
export function HomeCards() {
  return (
    <Box
      data-testid="home-cards"
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(12, 1fr)' },
        alignItems: 'stretch',
      }}
    >
      {homeCards.map(({ id, span, Component }) => (
        <Box
          key={id}
          sx={{
            minWidth: 0,
            gridColumn: { md: span >= 8 ? 'span 2' : 'span 1', lg: `span ${span}` },
          }}
        >
          <Component />
        </Box>
      ))}
    </Box>
  );
}
