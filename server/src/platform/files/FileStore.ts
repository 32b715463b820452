import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A new storage key: 32 random bytes in base64url (43 characters, matching the contract's StorageKeySchema).
 * Keys are only ever made here, never taken from a request, so a stored file's name carries no user input.
 */
export function newStorageKey(): string {
  return randomBytes(32).toString('base64url');
}

const STORAGE_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** A file being written under a key: visible in the store only once committed. */
export interface StagedFile {
  /** Where to write the content (a local file the caller streams into and may read back to check it). */
  readonly path: string;
  /** Moves the finished file into the store under its key. */
  commit(): Promise<void>;
  /** Drops the unfinished file; safe to call more than once and after a failed write. */
  discard(): Promise<void>;
}

export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
  constructor(key: string) {
    super(`No stored file under key ${key.slice(0, 8)}…`);
  }
}

/**
 * Where uploaded and generated files live, by opaque key. The local implementation is the default; an
 * S3-compatible store is the scale-out option behind the same seam (stage = local temp file + upload on commit,
 * withLocalFile = download to a temp file).
 */
export interface FileStore {
  /** A staging file for `key`; it is removed on discard and at the next start if the server stops first. */
  stage(key: string): StagedFile;
  /** Stores a whole stream under `key` (staged, then committed). */
  put(key: string, content: Readable): Promise<void>;
  /** The content of `key`; rejects with StoredFileMissingError when nothing is stored under it. */
  open(key: string): Promise<Readable>;
  /** Removes `key`; a key with nothing stored is not an error. */
  remove(key: string): Promise<void>;
  /** Size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Runs `use` with a local path to the file (readers such as PDF parsing and LibreOffice need one). */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /**
   * A short-lived address where the client fetches `key` straight from the store, named and typed as given; only
   * stores that serve files themselves have it (S3). The server checks its own download link before asking.
   */
  presignDownload?(
    key: string,
    file: { filename: string; contentType: string; disposition?: 'attachment' | 'inline' },
  ): Promise<string>;
  /** Releases what the store holds open (connections); called once when the server closes. */
  close?(): void;
}

const STAGING_SUFFIX = '.part';

export function checkedStorageKey(key: string): string {
  // Keys come from the database or newStorageKey(); this only guards against a programming error.
  if (!STORAGE_KEY.test(key)) throw new Error('Invalid storage key');
  return key;
}

/**
 * Files under `<dataDir>/files/store/<key>`, staged as `<key>.part` beside them (same directory, so a commit is an
 * atomic rename). Creating it removes staging files left by a server that stopped mid-upload: the data directory
 * lock guarantees no other server is writing them.
 */
export async function createLocalFileStore(dataDir: string): Promise<FileStore> {
  const root = path.join(dataDir, 'files', 'store');
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root)) {
    if (entry.endsWith(STAGING_SUFFIX)) await rm(path.join(root, entry), { force: true });
  }
  const pathOf = (key: string) => path.join(root, checkedStorageKey(key));

  const store: FileStore = {
    stage(key) {
      const finalPath = pathOf(key);
      const stagingPath = `${finalPath}${STAGING_SUFFIX}`;
      return {
        path: stagingPath,
        commit: () => rename(stagingPath, finalPath),
        discard: () => rm(stagingPath, { force: true }),
      };
    },

    async put(key, content) {
      const staged = store.stage(key);
      try {
        await pipeline(content, createWriteStream(staged.path, { flags: 'wx' }));
        await staged.commit();
      } catch (error) {
        await staged.discard();
        throw error;
      }
    },

    async open(key) {
      const filePath = pathOf(key);
      const stream = createReadStream(filePath);
      // Surface a missing file as a rejection here rather than as an error event mid-answer.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new StoredFileMissingError(key) : error),
        );
      });
      return stream;
    },

    remove: (key) => rm(pathOf(key), { force: true }),

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async withLocalFile(key, use) {
      const filePath = pathOf(key);
      if ((await store.size(key)) === null) throw new StoredFileMissingError(key);
      return use(filePath);
    },
  };
  return store;
}
