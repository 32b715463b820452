import type { Migration } from './Migration.js';

/**
 * The table of socket.io's PostgreSQL adapter, in the form its documentation gives: events between instances travel
 * by NOTIFY, and one larger than NOTIFY's 8000-byte payload (or holding binary data) is stored here and fetched by
 * id. The adapter deletes rows older than 30 seconds itself. Unused on the embedded database (one process).
 */
export const m012SocketIoAttachments: Migration = {
  version: 12,
  name: 'socket.io adapter attachments',
  sql: `
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
`,
};
