import { JOB_UPDATE_EVENT } from '@ewrt/contract';
import type { Server as SocketServer } from 'socket.io';
import { userRoom } from '../../platform/realtime/attachSocketServer.js';
import { toJob, type JobRow } from './jobRepository.js';

/** Sends a job's new state to every socket of its owner (the polls of the spec remain the fallback). */
export function pushJobUpdate(io: SocketServer, row: JobRow): void {
  io.to(userRoom(row.user_id)).emit(JOB_UPDATE_EVENT, toJob(row));
}
