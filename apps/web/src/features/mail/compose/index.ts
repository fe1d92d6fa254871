// Compose (issue 12): a window to write, reply to and forward mail from any signed-in page.
export {
  ComposeProvider,
  MAX_COMPOSE_WINDOWS,
  type ComposeProviderProps,
} from './compose-provider.tsx';
export { useCompose, type ComposeContextValue, type ComposeUser } from './compose-context.ts';
export type { ComposeMode, ComposeOptions } from './compose-utils.ts';
