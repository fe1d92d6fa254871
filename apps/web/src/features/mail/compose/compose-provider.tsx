import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import type { UploadTransport } from '../../../components/upload/index.ts';
import {
  ComposeContext,
  MAX_COMPOSE_WINDOWS,
  minimizedOf,
  type ComposeContextValue,
  ComposeUserContext,
  type ComposeUser,
} from './compose-context.ts';
import { ComposeBridgeContext, type ComposeBridge } from '../compose-bridge.ts';
import type { ComposeOptions } from './compose-utils.ts';
import type { OpenWindow, SentNotice } from './compose-dock.tsx';

// The windows, the editor and the contract load when compose is first opened, not with the frame.
const ComposeDock = lazy(() =>
  import('./compose-dock.tsx').then((m) => ({ default: m.ComposeDock })),
);

export { MAX_COMPOSE_WINDOWS };

export interface ComposeProviderProps {
  children: ReactNode;
  /** The signed-in member (the app reads it from auth). */
  user: ComposeUser | null;
  /** Tests send files without tus. */
  uploadTransport?: UploadTransport;
}

let nextKey = 0;

/**
 * Compose from any signed-in page (mounted once in the dashboard layout): `useCompose()` opens a
 * window; `?compose=new&to=…` or `?compose=reply&mailId=…` in the address does too (the person
 * page's and the conversations' links). Windows dock at the bottom corner; a sent mail offers Undo for MAIL_UNDO_SECONDS.
 */
export function ComposeProvider({ children, user, uploadTransport }: ComposeProviderProps) {
  const [windows, setWindows] = useState<OpenWindow[]>([]);
  const [sent, setSent] = useState<SentNotice | null>(null);
  const [tooMany, setTooMany] = useState(false);
  const windowsRef = useRef(windows);
  windowsRef.current = windows;

  const openCompose = useCallback((options: ComposeOptions = {}) => {
    const current = windowsRef.current;
    // The same reply asked twice shows the window that has it.
    const same =
      options.replyTo &&
      current.find(
        (w) =>
          w.options.replyTo?.mailId === options.replyTo?.mailId &&
          w.options.replyTo?.mode === options.replyTo?.mode,
      );
    // A saved draft asked twice, too.
    const sameDraft = options.draftId && current.find((w) => w.options.draftId === options.draftId);
    const shown = same || sameDraft;
    if (shown) {
      setWindows((list) =>
        list.map((w) => ({ ...w, state: w.key === shown.key ? 'open' : minimizedOf(w.state) })),
      );
      return;
    }
    if (current.length >= MAX_COMPOSE_WINDOWS) {
      setTooMany(true);
      return;
    }
    const key = ++nextKey;
    setWindows((list) => [
      ...list.map((w) => ({ ...w, state: minimizedOf(w.state) })),
      { key, options, state: 'open' },
    ]);
  }, []);

  const value = useMemo<ComposeContextValue>(() => ({ openCompose }), [openCompose]);
  // The mail app's Compose, Reply, Reply all and Forward buttons (compose-bridge.ts) open here.
  const bridge = useMemo<ComposeBridge>(
    () => ({
      openCompose: ({ to, cc, subject, replyTo, mailboxId, draftId }) =>
        openCompose({ to, cc, subject, replyTo, mailboxId, ...(draftId ? { draftId } : {}) }),
    }),
    [openCompose],
  );

  return (
    <ComposeUserContext.Provider value={user}>
      <ComposeContext.Provider value={value}>
        <ComposeBridgeContext.Provider value={bridge}>{children}</ComposeBridgeContext.Provider>
        <ComposeFromAddress openCompose={openCompose} />
        {(windows.length > 0 || sent || tooMany) && (
          <Suspense fallback={null}>
            <ComposeDock
              windows={windows}
              setWindows={setWindows}
              sent={sent}
              setSent={setSent}
              tooMany={tooMany}
              setTooMany={setTooMany}
              openCompose={openCompose}
              uploadTransport={uploadTransport}
            />
          </Suspense>
        )}
      </ComposeContext.Provider>
    </ComposeUserContext.Provider>
  );
}

/**
 * `?compose=new&to=…&subject=…` opens a new message, `?compose=reply|replyAll|forward&mailId=…` a
 * reply or a forward of that mail; the address is left as it was without them.
 */
function ComposeFromAddress({ openCompose }: { openCompose: (options: ComposeOptions) => void }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('compose');
  useEffect(() => {
    if (!asked) return;
    const mailId = params.get('mailId');
    if (asked === 'new') {
      const to = params
        .getAll('to')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
      const subject = params.get('subject') ?? undefined;
      openCompose({ to, ...(subject ? { subject } : {}) });
    } else if ((asked === 'reply' || asked === 'replyAll' || asked === 'forward') && mailId) {
      openCompose({ replyTo: { mailId, mode: asked } });
    }
    const next = new URLSearchParams(params);
    for (const name of ['compose', 'to', 'personId', 'subject', 'mailId']) next.delete(name);
    setParams(next, { replace: true });
  }, [asked, openCompose, params, setParams]);
  return null;
}
