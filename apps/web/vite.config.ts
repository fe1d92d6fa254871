import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './route-preloads.ts';

/** The API server in development; `npm run dev -w @beacon/server` listens here. */
const API_TARGET = 'http://127.0.0.1:3000';
const proxied = ['/api', '/token', '/register', '/user', '/health', '/ready'];

/**
 * Public Sans (bundled by @fontsource) in the weights every page draws at once: body text (400),
 * the language button and labels (600), headings and buttons (700). Their latin files are
 * preloaded from the page itself, so they are there when the app first draws: text is never drawn
 * in a fallback font and then reflowed (layout shift). Other subsets load as the text needs them.
 */
const PRELOADED_FONTS = /^assets\/public-sans-latin-(400|600|700)-normal-[\w-]+\.woff2$/;

function preloadFonts(): Plugin {
  return {
    name: 'beacon-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) =>
          PRELOADED_FONTS.test(file),
        );
        return files.sort().map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/${file}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: true,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  // The five languages of src/locales/languages.ts (SUPPORTED_LANGUAGES).
  plugins: [react(), preloadFonts(), routePreloads(['en', 'fr', 'vi', 'cn', 'ar'])],
  html: {
    // The server swaps this placeholder for a per-request nonce and sends a strict CSP
    // (script-src 'self'; style-src 'self' 'nonce-…'). Emotion reads the same nonce.
    cspNonce: 'BEACON_CSP_NONCE',
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: API_TARGET, ws: path === '/api' }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: API_TARGET, ws: path === '/api' }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Named vendor chunks, so that they cache across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next[^\\/]*|react-i18next)[\\/]/ },
            {
              // MUI's core, which every page drawn with MUI needs (all but sign-in, which loads
              // none: docs/decisions/018-sign-in-without-mui.md): the theme, Emotion and the
              // components of the error pages and of the public pages (the landing page loads no
              // other), with what they import (includeDependenciesRecursively). The rest is in
              // mui-ui.
              name: 'mui',
              test: /[\\/]node_modules[\\/](@emotion[\\/](react|styled|cache)|@mui[\\/]material[\\/](styles|CssBaseline|ButtonBase|Button|SvgIcon|Typography|Box|Stack|Container|CircularProgress|Link|IconButton|Portal|Paper|Grow|Divider|Card|locale))[\\/]/,
            },
            {
              // The rest of MUI in one chunk rather than one small chunk per component: a
              // signed-in page uses some forty of them, and forty requests cost more than the
              // bytes of the few it does not use (Lighthouse models six connections per origin;
              // docs/decisions/034). The sign-in page loads none of them.
              name: 'mui-ui',
              test: /[\\/]node_modules[\\/](?!@mui[\\/]material[\\/](?:Autocomplete|useAutocomplete|Select|NativeSelect|FilledInput|Tabs|Tab|TabScrollButton|Switch|Radio|RadioGroup|ToggleButton|ToggleButtonGroup|Accordion|AccordionSummary|AccordionDetails|Slider|Stepper|Step|StepLabel|StepConnector|StepIcon|LinearProgress)[\\/])(@mui[\\/](material|system|utils|styled-engine|private-theming)|@popperjs|react-transition-group|clsx|react-is|prop-types|@babel[\\/]runtime)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            {
              // Redux Toolkit with RTK Query and react-redux: the store the dashboard layout
              // provides to every signed-in page (docs/decisions/035), named so that it caches
              // across releases apart from the code that first imports it.
              name: 'redux',
              test: /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store|@standard-schema[\\/]utils)[\\/]/,
            },
            {
              name: 'forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
