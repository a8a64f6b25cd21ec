// What every page may use: the signed-in user with their rights, toasts, the confirm dialog and signing out.
import { createContext, useContext } from './html.ts';
import type { User } from './api-types.ts';

/** A short message at the bottom of the screen, optionally with one action button (Undo, Reload). */
export type Toast = {
  message: string;
  kind?: 'success' | 'error' | 'info';
  action?: { label: string; run: () => void | Promise<void> };
  timeoutMs?: number;
};

/** A question with one confirming button; resolves true when confirmed. */
export type ConfirmRequest = { title: string; message: string; confirmLabel: string; danger?: boolean };

/** The services of the signed-in app, as useApp() gives them. */
export type AppServices = {
  user: User;
  canEdit: boolean;
  isAdmin: boolean;
  toast: (t: Toast) => void;
  confirm: (req: ConfirmRequest) => Promise<boolean>;
  signOut: () => void;
  /** Replaces the signed-in user (after they changed their own settings). */
  setUser: (user: User) => void | Promise<void>;
};

/** Carries AppServices from the shell to every page. */
export const AppContext = createContext<AppServices | null>(null);

/** The app's services; only usable below the signed-in frame. */
export function useApp(): AppServices {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside of the signed-in app');
  return ctx;
}
