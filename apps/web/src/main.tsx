import './locales/start.ts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// A transition: React renders the first tree in slices rather than in one long task.
startTransition(() => root.render(<App />));
