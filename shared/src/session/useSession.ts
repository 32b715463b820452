import { useSyncExternalStore } from 'react';
import { sessionStore } from './sessionStore';
import type { SessionState } from './types';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
