import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../../components/snackbar/index.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { STRETCH_MEDIA_QUERY, ThemeProvider } from '../../theme/index.ts';
import { SettingsButton } from './components/settings-button.tsx';
import { SettingsDrawer } from './components/settings-drawer.tsx';
import { useSettings } from './hooks/use-settings.ts';
import { DEFAULT_SETTINGS, SETTING_KEYS, parseSetting } from './settings-config.ts';
import { SettingsProvider } from './state/settings-provider.tsx';
import { getCookie, removeCookie, setCookie } from './utils/cookies.ts';

// The drawer is a big tree of MUI components: generous time on a busy machine (jsdom is slow).
vi.setConfig({ testTimeout: 30_000 });

const cookieNames = () =>
  document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((name): name is string => Boolean(name) && SETTING_KEYS.includes(name as never));

/** Renders what a probe sees of the settings, on every render. */
function Probe({ seen }: { seen?: string[] }) {
  const settings = useSettings();
  seen?.push(settings.themeMode);
  return (
    <output data-testid="settings">
      {JSON.stringify({
        mode: settings.themeMode,
        direction: settings.themeDirection,
        layout: settings.themeLayout,
        contrast: settings.themeContrast,
        stretch: settings.themeStretch,
        preset: settings.themeColorPresets,
        canReset: settings.canReset,
      })}
    </output>
  );
}

const read = () => JSON.parse(screen.getByTestId('settings').textContent ?? '{}');

async function renderSettings(children = <Probe />) {
  const i18n = await initTestI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <ThemeProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </ThemeProvider>
      </SettingsProvider>
    </I18nextProvider>,
  );
}

/** A matchMedia where only the queries in `matching` match. */
function stubMatchMedia(matching: string[]) {
  const normalize = (query: string) => query.replace(/^@media\s*/, '').replace(/\s+/g, '');
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.map(normalize).includes(normalize(query)),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  for (const key of SETTING_KEYS) removeCookie(key);
});

afterEach(async () => {
  for (const key of SETTING_KEYS) removeCookie(key);
  const i18n = await initTestI18n('en');
  await act(() => i18n.changeLanguage('en'));
});

describe('settings config', () => {
  it('has the defaults of the spec', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      themeMode: 'light',
      themeDirection: 'ltr',
      themeLayout: 'vertical',
      themeContrast: 'default',
      themeStretch: false,
      themeColorPresets: 'default',
    });
  });

  it('accepts only the values a setting can take', () => {
    expect(parseSetting('themeMode', 'dark')).toBe('dark');
    expect(parseSetting('themeMode', 'sepia')).toBeUndefined();
    expect(parseSetting('themeLayout', 'mini')).toBe('mini');
    expect(parseSetting('themeStretch', 'true')).toBe(true);
    expect(parseSetting('themeStretch', 'yes')).toBeUndefined();
    expect(parseSetting('themeColorPresets', 'cyan')).toBe('cyan');
    expect(parseSetting('themeColorPresets', 'pink')).toBeUndefined();
  });
});

describe('SettingsProvider', () => {
  it('renders first with the defaults, then reads the saved cookies', async () => {
    setCookie('themeMode', 'dark', { days: 3 });
    setCookie('themeLayout', 'mini', { days: 3 });
    setCookie('themeColorPresets', 'not-a-preset', { days: 3 });
    const seen: string[] = [];
    await renderSettings(<Probe seen={seen} />);
    expect(seen[0]).toBe('light');
    expect(read()).toMatchObject({
      mode: 'dark',
      layout: 'mini',
      preset: 'default',
      canReset: true,
    });
  });

  it('saves each change at once in its own cookie, and reset deletes them', async () => {
    let settings: ReturnType<typeof useSettings> | undefined;
    function Grab() {
      settings = useSettings();
      return null;
    }
    await renderSettings(
      <>
        <Probe />
        <Grab />
      </>,
    );
    expect(read().canReset).toBe(false);
    act(() => settings?.update('themeMode', 'dark'));
    act(() => settings?.update('themeStretch', true));
    act(() => settings?.update('themeColorPresets', 'orange'));
    expect(getCookie('themeMode')).toBe('dark');
    expect(getCookie('themeStretch')).toBe('true');
    expect(getCookie('themeColorPresets')).toBe('orange');
    expect(read()).toMatchObject({ mode: 'dark', stretch: true, preset: 'orange', canReset: true });

    act(() => settings?.reset());
    expect(cookieNames()).toEqual([]);
    expect(read()).toMatchObject({
      mode: 'light',
      stretch: false,
      preset: 'default',
      canReset: false,
    });
  });

  it('choosing Arabic sets right-to-left; any other language left-to-right', async () => {
    const i18n = await initTestI18n('en');
    await renderSettings();
    expect(read().direction).toBe('ltr');
    await act(() => i18n.changeLanguage('ar'));
    expect(read().direction).toBe('rtl');
    expect(getCookie('themeDirection')).toBe('rtl');
    await act(() => i18n.changeLanguage('fr'));
    expect(read().direction).toBe('ltr');
    expect(getCookie('themeDirection')).toBe('ltr');
  });

  it('a page that loads in Arabic is right-to-left, even with ltr saved', async () => {
    setCookie('themeDirection', 'ltr', { days: 3 });
    const i18n = await initTestI18n('ar');
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <SettingsProvider>
          <Probe />
        </SettingsProvider>
      </I18nextProvider>,
    );
    expect(read().direction).toBe('rtl');
    unmount();
  });

  it('a page that loads in another language keeps the direction chosen in the drawer', async () => {
    setCookie('themeDirection', 'rtl', { days: 3 });
    window.localStorage.setItem('themeDirectionSource', 'settings');
    await renderSettings();
    expect(read().direction).toBe('rtl');
  });

  it('a page that loads in another language after an Arabic session is left-to-right', async () => {
    setCookie('themeDirection', 'rtl', { days: 3 });
    window.localStorage.setItem('themeDirectionSource', 'language');
    await renderSettings();
    expect(read().direction).toBe('ltr');
    expect(getCookie('themeDirection')).toBe('ltr');
  });

  it('the drawer marks the direction as chosen; reset forgets it', async () => {
    let settings: ReturnType<typeof useSettings> | undefined;
    function Grab() {
      settings = useSettings();
      return null;
    }
    await renderSettings(<Grab />);
    act(() => settings?.update('themeDirection', 'rtl'));
    expect(window.localStorage.getItem('themeDirectionSource')).toBe('settings');
    act(() => settings?.reset());
    expect(window.localStorage.getItem('themeDirectionSource')).toBeNull();
  });
});

describe('SettingsDrawer', () => {
  async function openDrawer() {
    await renderSettings(
      <>
        <Probe />
        <SettingsButton />
        <SettingsDrawer />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    return screen.findByRole('dialog', { name: 'Settings' });
  }

  it('the floating button opens the drawer and hides while it is open', async () => {
    const drawer = await openDrawer();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('gives focus back to the settings button when the drawer closes', async () => {
    await renderSettings(
      <>
        <Probe />
        <SettingsButton />
        <SettingsDrawer />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Settings' });
    opener.focus();
    fireEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    const button = await screen.findByRole('button', { name: 'Settings' });
    await waitFor(() => expect(document.activeElement).toBe(button));

    // Escape closes it too, and focus comes back the same way.
    button.focus();
    fireEvent.click(button);
    const again = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' })),
    );
  });

  it('gives focus back to the element given as opener', async () => {
    function Opener() {
      const { openDrawer } = useSettings();
      return (
        <button type="button" onClick={(event) => openDrawer(event.currentTarget)}>
          Account
        </button>
      );
    }
    await renderSettings(
      <>
        <Opener />
        <SettingsDrawer />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(document.activeElement).not.toBe(screen.queryByRole('button', { name: 'Account' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Account'));
  });

  it('has every section of the spec, and each option changes its setting', async () => {
    const drawer = await openDrawer();
    for (const group of ['Mode', 'Contrast', 'Direction', 'Layout', 'Presets']) {
      expect(within(drawer).getByRole('group', { name: group })).toBeTruthy();
    }
    const click = (name: string) => fireEvent.click(within(drawer).getByRole('button', { name }));
    click('Dark');
    click('Bold');
    click('Right to left');
    click('Horizontal');
    click('Cyan');
    expect(read()).toMatchObject({
      mode: 'dark',
      contrast: 'bold',
      direction: 'rtl',
      layout: 'horizontal',
      preset: 'cyan',
    });
    expect(within(drawer).getByRole('button', { name: 'Cyan' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(drawer).getByRole('button', { name: 'Green' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('shows a dot on reset while anything differs from the defaults', async () => {
    const drawer = await openDrawer();
    const badge = () =>
      within(drawer).getByTestId('settings-reset-dot').querySelector('.MuiBadge-badge');
    expect(badge()?.className).toContain('MuiBadge-invisible');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Dark' }));
    expect(badge()?.className).not.toContain('MuiBadge-invisible');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Reset (settings changed)' }));
    expect(badge()?.className).toContain('MuiBadge-invisible');
    expect(read().mode).toBe('light');
  });

  it('offers Stretch only above 1600 px, with its tooltip', async () => {
    const narrow = await openDrawer();
    expect(within(narrow).queryByRole('group', { name: 'Stretch' })).toBeNull();
  });

  it('offers Stretch above 1600 px', async () => {
    stubMatchMedia([STRETCH_MEDIA_QUERY]);
    const drawer = await openDrawer();
    const stretch = within(drawer).getByRole('group', { name: 'Stretch' });
    expect(
      within(stretch).getByRole('button', {
        name: 'Only available at large resolutions > 1600px (xl)',
      }),
    ).toBeTruthy();
    fireEvent.click(within(stretch).getByRole('button', { name: 'Centred' }));
    expect(read().stretch).toBe(true);
    expect(getCookie('themeStretch')).toBe('true');
  });

  it('Fullscreen becomes Exit Fullscreen while the page is full screen', async () => {
    let element: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => element,
    });
    document.documentElement.requestFullscreen = vi.fn(async () => {
      element = document.documentElement;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    document.exitFullscreen = vi.fn(async () => {
      element = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Fullscreen' }));
    expect(await within(drawer).findByRole('button', { name: 'Exit Fullscreen' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Exit Fullscreen' }));
    expect(await within(drawer).findByRole('button', { name: 'Fullscreen' })).toBeTruthy();
  });

  it('says so when the browser refuses full screen', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Fullscreen' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This browser does not allow full screen here.',
    );
  });
});
