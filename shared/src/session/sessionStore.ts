import { configureApiSession } from '../api/apiClient';
import { logout, refreshToken } from '../api/authApi';
import type { User } from '../api/types';
import { STORAGE_KEYS } from '../constants';
import { navigateTo } from '../navigation/navigateTo';
import { readStorage, removeStorage, writeStorage } from './browserStorage';
import { forgetLastActivity } from './idleActivity';
import { browserRefreshLocks, type RefreshLocks, withRefreshLock } from './refreshLock';
import { selectedPatientStore } from './selectedPatientStore';
import { openSessionChannel, type SessionAnnouncement, type SessionChannel } from './sessionChannel';
import type { SessionState } from './types';

type Listener = () => void;

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, token: null };

/**
 * How long a restoring tab that finds a token another tab has just refreshed waits for that tab's announcement of
 * the user, before refreshing the token itself.
 */
const ANNOUNCEMENT_WAIT_MS = 1500;

/**
 * The signed-in user and token; the token is persisted in local storage `token` (AUTH-05, AUTH-06). All
 * tabs of the suite share that token, so they share one session: see followOtherTabs().
 */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();
  /** Bumped by every sign-in/out so that a restore finishing late cannot overwrite a newer session. */
  private generation = 0;
  private pendingRestore: Promise<void> | null = null;
  private channel: SessionChannel | null = null;
  private stopFollowing: (() => void) | null = null;
  /** Another tab's sign-in, heard before this tab's copy of local storage has caught up with it. */
  private announcedSession: { token: string; user: User } | null = null;

  constructor(private readonly locks: RefreshLocks | null = browserRefreshLocks()) {
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

  /**
   * Session start: refresh a stored token, once across the tabs of the suite (see refreshStoredToken); failure is
   * logged and clears token and selected patient.
   */
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
    this.announce({ kind: 'signed-in', token, user });
  };

  /**
   * Logout: clears user, selected patient and token at once, then asks the server to revoke the token.
   * The revocation is best effort: whether it fails or takes long, this tab and the others are signed
   * out already.
   */
  signOut = (): void => {
    // The stored token is the live one: another tab may have refreshed it a moment ago.
    const token = readStorage(STORAGE_KEYS.token) ?? this.state.token;
    this.clearSession();
    if (token) {
      logout(token).catch((error: unknown) => {
        console.error('The server could not revoke the token of the session just signed out', error);
      });
    }
  };

  /** The 401 rule: token and selected patient cleared, signed out. */
  expire = (): void => {
    this.clearSession();
  };

  /**
   * Keeps this tab in step with the other tabs of the suite: a sign-out anywhere signs this tab out, a
   * sign-in or token refresh anywhere signs it in with that user and token. Each tab keeps its own
   * selected patient. Returns a function that stops following.
   *
   * Two signals, because each misses something the other sees: a BroadcastChannel carries the user of
   * a new sign-in (the `storage` event carries only the token, and asking the API for the user would
   * rotate the token away from the tab that obtained it); the `storage` event on `token` is the stored
   * truth itself, so a token removed by any writer (a tab of an older build, clearing site data) signs
   * this tab out too. A page restored from the back/forward cache heard neither and checks storage.
   */
  followOtherTabs = (openChannel: () => SessionChannel | null = openSessionChannel): (() => void) => {
    if (this.stopFollowing) return this.stopFollowing;
    const channel = openChannel();
    const stopListening = channel?.listen(this.followAnnouncement);
    const onStorage = (event: StorageEvent) => {
      // A null key is storage cleared as a whole.
      if (event.key === STORAGE_KEYS.token || event.key === null) this.followStoredToken();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) this.followStoredToken();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    this.channel = channel;
    this.stopFollowing = () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
      stopListening?.();
      channel?.close();
      this.channel = null;
      this.stopFollowing = null;
    };
    return this.stopFollowing;
  };

  /** The 401 hook: only the token this tab still uses can have expired; a replaced one is history. */
  handleUnauthorized = (sentToken: string | null): void => {
    const current = readStorage(STORAGE_KEYS.token);
    if (sentToken !== null && current !== null && sentToken !== current) return;
    this.expire();
    if (window.location.pathname !== '/') navigateTo('/');
  };

  private async runRestore(): Promise<void> {
    const startedWith = readStorage(STORAGE_KEYS.token);
    if (!startedWith) {
      this.set(SIGNED_OUT);
      return;
    }
    const generation = this.generation;
    this.set({ status: 'restoring', user: null, token: startedWith });
    await withRefreshLock(this.locks, () => this.refreshStoredToken(startedWith, generation));
  }

  /**
   * The refresh of a restore, made by one tab at a time. A token that another tab stored after this one read
   * `startedWith` is that tab's refresh: this tab takes it with the user that tab announces rather than refreshing
   * again, and refreshes it only if no announcement comes.
   */
  private async refreshStoredToken(startedWith: string, generation: number): Promise<void> {
    for (;;) {
      // A sign-in, a sign-out or another tab's session followed meanwhile: nothing left to restore.
      if (generation !== this.generation) return;
      const token = readStorage(STORAGE_KEYS.token);
      if (token === null) {
        this.followSignOut();
        return;
      }
      if (token !== startedWith && (await this.followsWithin(token, ANNOUNCEMENT_WAIT_MS))) return;
      try {
        const answer = await refreshToken(token);
        if (!answer?.user) throw new Error('The refresh-token answer carries no user');
        if (generation !== this.generation) return;
        const currentToken = answer.token || token;
        writeStorage(STORAGE_KEYS.token, currentToken);
        this.set({ status: 'signed-in', user: answer.user, token: currentToken });
        this.announce({ kind: 'signed-in', token: currentToken, user: answer.user });
        return;
      } catch (error) {
        console.error('Session restore failed', error);
        if (generation !== this.generation) return;
        // Another tab (without Web Locks) refreshed or replaced the token meanwhile, so the one tried here may
        // have been refused for that alone: go on with the token that tab stored.
        const stored = readStorage(STORAGE_KEYS.token);
        if (stored === null || stored === token) {
          this.clearSession();
          return;
        }
      }
    }
  }

  /** Whether this tab is signed in with `token` now or within `ms` (another tab's announcement followed). */
  private followsWithin(token: string, ms: number): Promise<boolean> {
    const follows = () => this.state.status === 'signed-in' && this.state.token === token;
    if (follows()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(result);
      };
      const timer = setTimeout(() => done(false), ms);
      const unsubscribe = this.subscribe(() => {
        if (follows()) done(true);
      });
    });
  }

  /** This tab's own sign-out: storage cleared, the other tabs told. */
  private clearSession(): void {
    this.generation += 1;
    removeStorage(STORAGE_KEYS.token);
    forgetLastActivity();
    selectedPatientStore.clear();
    this.set(SIGNED_OUT);
    this.announce({ kind: 'signed-out' });
  }

  /** Another tab signed out: storage is clear already, so this tab only lets go of the session. */
  private followSignOut(): void {
    if (this.state.status === 'signed-out') return;
    this.generation += 1;
    selectedPatientStore.clear();
    this.set(SIGNED_OUT);
  }

  /**
   * Storage is the truth, and in a browser the channel's message and the storage change reach a tab in
   * either order: an announcement is followed once storage agrees with it, now or at its `storage`
   * event. One that a later change has overtaken never agrees and is dropped with the next one.
   */
  private readonly followAnnouncement = (announcement: SessionAnnouncement): void => {
    if (announcement.kind === 'signed-out') {
      this.announcedSession = null;
      if (readStorage(STORAGE_KEYS.token) === null) this.followSignOut();
      return;
    }
    this.announcedSession = { token: announcement.token, user: announcement.user };
    this.followAnnouncedSession();
  };

  private followAnnouncedSession(): void {
    const announced = this.announcedSession;
    if (!announced || readStorage(STORAGE_KEYS.token) !== announced.token) return;
    this.announcedSession = null;
    this.generation += 1;
    this.set({ status: 'signed-in', user: announced.user, token: announced.token });
  }

  private followStoredToken(): void {
    const stored = readStorage(STORAGE_KEYS.token);
    if (stored === null) {
      this.followSignOut();
    } else if (this.announcedSession?.token === stored) {
      this.followAnnouncedSession();
    } else if (this.state.status === 'signed-in' && stored !== this.state.token) {
      // A refresh in another tab: same user, new token. A new user arrives with its announcement.
      this.set({ ...this.state, token: stored });
    }
  }

  private announce(announcement: SessionAnnouncement): void {
    this.channel?.announce(announcement);
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
  onUnauthorized: sessionStore.handleUnauthorized,
});
