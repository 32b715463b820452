import type { User } from '../api/types';

export interface SessionState {
  status: 'restoring' | 'signed-in' | 'signed-out';
  user: User | null;
  token: string | null;
}
