import { configureApiSession } from '../api/apiClient';
import { refreshToken } from '../api/authApi';
import type { User } from '../api/types';
import { STORAGE_KEYS } from '../constants';
import { navigateTo } from '../navigation/navigateTo';
import { readStorage, removeStorage, writeStorage } from './browserStorage';
import { selectedPatientStore } from './selectedPatientStore';
import type { SessionState } from './types';

type Listener = () => void;

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, token: null };

/** The signed-in user and token; the token is persisted in local storage `token` (part 1 §3, §4). */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();
  /** Bumped by every sign-in/out so that a restore finishing late cannot overwrite a newer session. */
  private generation = 0;
  private pendingRestore: Promise<void> | null = null;

  constructor() {
    // A stored token means a restore is due: start as 'restoring' so the first paint is the spinner.
    const token = readStorage(STORAGE_KEYS.token);
    this.state = token ? { status: 'restoring', user: null, token } : SIGNED_OUT;
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Session start: refresh a stored token; failure is logged and clears token and selected patient. */
  restore = (): Promise<void> => {
    this.pendingRestore ??= this.runRestore().finally(() => {
      this.pendingRestore = null;
    });
    return this.pendingRestore;
  };

  signIn = (token: string, user: User): void => {
    this.generation += 1;
    writeStorage(STORAGE_KEYS.token, token);
    this.set({ status: 'signed-in', user, token });
  };

  /** Logout: clears user, selected patient and token. */
  signOut = (): void => {
    this.clearSession();
  };

  /** The 401 rule: token and selected patient cleared, signed out. */
  expire = (): void => {
    this.clearSession();
  };

  private async runRestore(): Promise<void> {
    const token = readStorage(STORAGE_KEYS.token);
    if (!token) {
      this.set(SIGNED_OUT);
      return;
    }
    const generation = this.generation;
    this.set({ status: 'restoring', user: null, token });
    try {
      const answer = await refreshToken();
      if (!answer?.user) throw new Error('The refresh-token answer carries no user');
      if (generation !== this.generation) return;
      const currentToken = answer.token || token;
      writeStorage(STORAGE_KEYS.token, currentToken);
      this.set({ status: 'signed-in', user: answer.user, token: currentToken });
    } catch (error) {
      console.error('Session restore failed', error);
      if (generation !== this.generation) return;
      this.clearSession();
    }
  }

  private clearSession(): void {
    this.generation += 1;
    removeStorage(STORAGE_KEYS.token);
    selectedPatientStore.clear();
    this.set(SIGNED_OUT);
  }

  private set(state: SessionState): void {
    if (
      state.status === this.state.status &&
      state.user === this.state.user &&
      state.token === this.state.token
    ) {
      return;
    }
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }
}

export const sessionStore = new SessionStore();

// Wired when this module loads, so before any request can be made: the host, a remote mounted
// standalone and every test that uses the session get the same token and the same 401 rule.
configureApiSession({
  getToken: () => readStorage(STORAGE_KEYS.token),
  onUnauthorized: () => {
    sessionStore.expire();
    if (window.location.pathname !== '/') navigateTo('/');
  },
});
