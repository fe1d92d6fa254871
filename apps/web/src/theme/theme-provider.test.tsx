import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { ThemeProvider } from './theme-provider.tsx';

vi.setConfig({ testTimeout: 20_000 });

function Probe() {
  const theme = useTheme();
  return (
    <Box data-testid="probe" data-direction={theme.direction} sx={{ ml: 2, textAlign: 'left' }}>
      {theme.palette.mode}
    </Box>
  );
}

afterEach(() => {
  document.documentElement.dir = 'ltr';
});

describe('ThemeProvider', () => {
  it('writes left-to-right styles and <html dir="ltr">', async () => {
    render(
      <ThemeProvider direction="ltr">
        <Probe />
      </ThemeProvider>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe.getAttribute('data-direction')).toBe('ltr');
    expect(getComputedStyle(probe).marginLeft).toBe('16px');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('mirrors every style right-to-left (stylis-plugin-rtl) and sets <html dir="rtl">', async () => {
    render(
      <ThemeProvider direction="rtl" mode="dark">
        <Probe />
      </ThemeProvider>,
    );
    const probe = screen.getByTestId('probe');
    await waitFor(() => expect(probe.getAttribute('data-direction')).toBe('rtl'));
    // The document's direction is set by an effect, after the commit that drew the probe.
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(getComputedStyle(probe).marginRight).toBe('16px');
    expect(getComputedStyle(probe).textAlign).toBe('right');
    expect(probe.textContent).toBe('dark');
  });
});

describe("MUI's own texts", () => {
  it('follow the language', async () => {
    function Pagination() {
      const theme = useTheme();
      return <p>{String(theme.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage)}</p>;
    }
    const { rerender } = render(
      <ThemeProvider language="fr">
        <Pagination />
      </ThemeProvider>,
    );
    expect(await screen.findByText('Lignes par page :')).toBeTruthy();
    rerender(
      <ThemeProvider language="en">
        <Pagination />
      </ThemeProvider>,
    );
    expect(await screen.findByText('undefined')).toBeTruthy();
  });
});
