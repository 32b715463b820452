import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StoreSettings } from '../../config/loadConfig.js';
import { attachmentDisposition } from './attachmentDisposition.js';
import { checkedStorageKey, StoredFileMissingError, type FileStore } from './FileStore.js';

/**
 * Multipart upload sizing: the SDK buffers `queueSize` parts of `partSize` bytes at most, so an upload of any size
 * holds about 16 MB (8 MB is above S3's 5 MB minimum part and allows files up to 80 GB within the 10,000 parts).
 */
const PART_SIZE_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

/** A presigned GET is followed at once by the browser the server redirects: a minute is ample. */
export const PRESIGNED_DOWNLOAD_TTL_SECONDS = 60;

function s3ClientConfig(settings: S3StoreSettings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // S3-compatible stores (MinIO releases, s3rver, Ceph) often reject or mis-store the CRC32 trailers that recent
    // SDKs add by default; checksums only where the API requires them. AWS itself keeps the SDK's defaults.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files as objects named by their key in one bucket of an S3-compatible store. The key is the whole object name:
 * it is server-made (newStorageKey), so no user input reaches the store. Staging and `withLocalFile` copies live
 * under `<dataDir>/files/staging` and are removed when done; creating the store clears what a stopped server left
 * there (the data directory lock guarantees no other server uses it) and checks that the bucket answers, so a
 * wrong endpoint, bucket or credential stops the start with the store's own message.
 */
export async function createS3FileStore(settings: S3StoreSettings, dataDir: string): Promise<FileStore> {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const stagingDir = path.join(dataDir, 'files', 'staging');
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (error) {
    client.destroy();
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`The object store bucket "${Bucket}" cannot be reached (${reason})`, { cause: error });
  }
  // A random suffix: two copies of one key (a staging file and a withLocalFile download) never collide.
  const localPathFor = (key: string, purpose: 'part' | 'copy') =>
    path.join(stagingDir, `${checkedStorageKey(key)}.${randomBytes(6).toString('hex')}.${purpose}`);

  const store: FileStore = {
    stage(key) {
      const stagingPath = localPathFor(key, 'part');
      return {
        path: stagingPath,
        async commit() {
          await store.put(key, createReadStream(stagingPath));
          await rm(stagingPath, { force: true });
        },
        discard: () => rm(stagingPath, { force: true }),
      };
    },

    async put(key, content) {
      // On any failure, including the content stream erroring midway, Upload aborts the multipart upload
      // (leavePartsOnError is false), and a single-part upload never creates the object: nothing is left.
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedStorageKey(key), Body: content },
        partSize: PART_SIZE_BYTES,
        queueSize: UPLOAD_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      // The content's own failure is the one to report: the abort that follows it can fail too (s3rver has no
      // AbortMultipartUpload) and would otherwise replace it.
      let contentError: unknown;
      const noteContentError = (error: unknown) => (contentError ??= error);
      content.once('error', noteContentError);
      try {
        await upload.done();
      } catch (error) {
        throw contentError ?? error;
      } finally {
        content.off('error', noteContentError);
      }
    },

    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
        if (!(answer.Body instanceof Readable))
          throw new Error('The object store answered without a body stream');
        return answer.Body;
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileMissingError(key);
        throw error;
      }
    },

    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async withLocalFile(key, use) {
      const copyPath = localPathFor(key, 'copy');
      try {
        await pipeline(await store.open(key), createWriteStream(copyPath, { flags: 'wx' }));
        return await use(copyPath);
      } finally {
        await rm(copyPath, { force: true });
      }
    },

    presignDownload(key, file) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: checkedStorageKey(key),
          ResponseContentDisposition: attachmentDisposition(file.filename, file.disposition),
          ResponseContentType: file.contentType,
        }),
        { expiresIn: PRESIGNED_DOWNLOAD_TTL_SECONDS },
      );
    },

    close() {
      client.destroy();
    },
  };
  return store;
}
