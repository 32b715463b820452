import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError, loadConfig, type S3StoreSettings } from '../src/config/loadConfig.js';
import { createS3FileStore } from '../src/platform/files/createS3FileStore.js';
import { newStorageKey, StoredFileMissingError, type FileStore } from '../src/platform/files/FileStore.js';
import { listOf, uploadAndProcess } from './support/documentUploads.js';
import { startS3rver, type S3rverProcess } from './support/s3rverProcess.js';
import {
  asUser,
  createTestServer,
  makeTempDir,
  patientIdByMrn,
  signIn,
  type TestServer,
} from './support/testServer.js';

let s3: S3rverProcess;
let s3Directory: string;
let settings: S3StoreSettings;
// A client of its own, to look at the bucket the way an operator would, behind the store's back.
let inspector: S3Client;

before(async () => {
  s3Directory = await makeTempDir('ewrt-s3rver-');
  s3 = await startS3rver(s3Directory);
  const config = loadConfig({ ...s3.env, DATA_DIR: s3Directory });
  assert.equal(config.fileStore.kind, 's3');
  settings = config.fileStore as S3StoreSettings;
  inspector = new S3Client({
    endpoint: s3.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: settings.credentials!,
  });
});
after(async () => {
  inspector.destroy();
  await s3.stop();
  await rm(s3Directory, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listing = await inspector.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await inspector.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
    throw error;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `megabytes` of content in 1 MiB chunks, made as it is read (never all in memory), failing after `failAfter`. */
function generated(megabytes: number, failAfter?: number): Readable {
  const chunk = randomBytes(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let index = 0; index < megabytes; index += 1) {
        if (index === failAfter) throw new Error('the client went away midway');
        yield chunk;
      }
    })(),
  );
}

describe('FILE_STORE and the S3_ settings', () => {
  it('keeps the local store by default and reads the S3 settings with their defaults', () => {
    assert.deepEqual(loadConfig({}).fileStore, { kind: 'local' });
    assert.deepEqual(loadConfig({ FILE_STORE: 'LOCAL' }).fileStore, { kind: 'local' });
    assert.deepEqual(loadConfig({ FILE_STORE: 's3', S3_BUCKET: ' records ' }).fileStore, {
      kind: 's3',
      endpoint: null,
      bucket: 'records',
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
    assert.deepEqual(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'records',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-2',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
      {
        kind: 's3',
        endpoint: 'http://minio:9000',
        bucket: 'records',
        region: 'eu-west-2',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    );
  });

  it('refuses an unknown store, a missing bucket, a bad endpoint and half a key pair', () => {
    assert.throws(() => loadConfig({ FILE_STORE: 'ftp' }), /FILE_STORE must be local or s3 \(got "ftp"\)/);
    assert.throws(() => loadConfig({ FILE_STORE: 's3' }), /S3_BUCKET must name the bucket/);
    assert.throws(
      () => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }),
      /S3_ENDPOINT must be a URL/,
    );
    assert.throws(
      () => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }),
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    assert.throws(
      () => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }),
      ConfigError,
    );
  });
});

describe('the S3 file store against s3rver', () => {
  let dataDir: string;
  let store: FileStore;
  const stagingDir = () => path.join(dataDir, 'files', 'staging');

  before(async () => {
    dataDir = await makeTempDir('ewrt-s3-store-');
    store = await createS3FileStore(settings, dataDir);
  });
  after(async () => {
    store.close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores, reads, sizes and removes a file; a missing key is missing everywhere', async () => {
    const key = newStorageKey();
    const content = Buffer.from('Discharge summary, page 1\n');
    await store.put(key, Readable.from([content]));
    assert.ok(await objectExists(key));
    assert.deepEqual(await readAll(await store.open(key)), content);
    assert.equal(await store.size(key), content.length);

    await store.remove(key);
    assert.equal(await objectExists(key), false);
    assert.equal(await store.size(key), null);
    await assert.rejects(store.open(key), StoredFileMissingError);
    await assert.rejects(
      store.withLocalFile(key, async () => 'never'),
      StoredFileMissingError,
    );
    // Removing what is not there is not an error.
    await store.remove(key);
  });

  it('uploads a staged file on commit and keeps nothing locally; a discarded one never reaches the bucket', async () => {
    const committedKey = newStorageKey();
    const committed = store.stage(committedKey);
    await writeFile(committed.path, 'committed content', { flag: 'wx' });
    assert.equal(await objectExists(committedKey), false, 'not visible before the commit');
    await committed.commit();
    assert.equal((await readAll(await store.open(committedKey))).toString(), 'committed content');

    const discardedKey = newStorageKey();
    const discarded = store.stage(discardedKey);
    await writeFile(discarded.path, 'abandoned content', { flag: 'wx' });
    await discarded.discard();
    await discarded.discard();
    assert.equal(await objectExists(discardedKey), false);
    assert.deepEqual(await readdir(stagingDir()), []);
    await store.remove(committedKey);
  });

  it('leaves no object when the content fails midway, whether in one part or after several', async () => {
    for (const [megabytes, failAfter] of [
      [3, 2], // inside the first part: a single PUT that never starts
      [40, 20], // after two 8 MB parts of a multipart upload
    ] as const) {
      const key = newStorageKey();
      await assert.rejects(store.put(key, generated(megabytes, failAfter)), /the client went away midway/);
      assert.equal(await objectExists(key), false);
      assert.equal((await objectKeys()).includes(key), false);
    }
  });

  it('gives a local copy for the length of a call and removes it after, even when the call fails', async () => {
    const key = newStorageKey();
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 pretend')]));
    let copyPath = '';
    const text = await store.withLocalFile(key, async (filePath) => {
      copyPath = filePath;
      return readFile(filePath, 'utf8');
    });
    assert.equal(text, '%PDF-1.4 pretend');
    await assert.rejects(stat(copyPath), { code: 'ENOENT' });
    await assert.rejects(
      store.withLocalFile(key, async () => {
        throw new Error('parser crashed');
      }),
      /parser crashed/,
    );
    assert.deepEqual(await readdir(stagingDir()), []);
    await store.remove(key);
  });

  it('clears staging files a stopped server left, when it starts', async () => {
    const left = store.stage(newStorageKey());
    await writeFile(left.path, 'half an upload', { flag: 'wx' });
    const restarted = await createS3FileStore(settings, dataDir);
    restarted.close?.();
    assert.deepEqual(await readdir(stagingDir()), []);
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    await assert.rejects(
      createS3FileStore({ ...settings, bucket: 'no-such-bucket' }, dataDir),
      /The object store bucket "no-such-bucket" cannot be reached/,
    );
  });

  it('streams a 250 MB upload with flat memory', async () => {
    // Warm up with a multipart upload first (SDK modules, connections, the heap's working size), so the measure
    // is of what the size of the upload adds.
    const warmKey = newStorageKey();
    await store.put(warmKey, generated(32));
    await store.remove(warmKey);

    const key = newStorageKey();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = Date.now();
    try {
      await store.put(key, generated(250));
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    const afterUpload = process.memoryUsage().rss;
    peak = Math.max(peak, afterUpload);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.info(
      `250 MB upload in ${seconds.toFixed(1)} s: rss before ${mb(before)} MB, peak ${mb(peak)} MB ` +
        `(+${mb(peak - before)} MB), after ${mb(afterUpload)} MB (+${mb(afterUpload - before)} MB)`,
    );
    assert.equal(await store.size(key), 250 * 1024 * 1024);
    assert.ok(peak - before < 100 * 1024 * 1024, `rss grew by ${mb(peak - before)} MB`);
    await store.remove(key);
  });
});

describe('downloads with FILE_STORE=s3', () => {
  let server: TestServer;
  let token: string;
  let patel: ReturnType<typeof asUser>;
  let patientId: number;
  const content = Buffer.from(`Physiotherapy notes\n${'Range of movement improved. '.repeat(40)}\n`);
  let storageKey: string;
  let linkPath: string;

  before(async () => {
    server = await createTestServer({
      ...s3.env,
      JOB_LEASE_SECONDS: '3600',
      JOB_HEARTBEAT_SECONDS: '3000',
    });
    token = await signIn(server, 'dr.patel');
    patel = asUser(server, token);
    patientId = await patientIdByMrn(server, 'DEMO-1006');
    // Processing reads the file back through withLocalFile: this upload goes through the whole pipeline.
    const job = await uploadAndProcess(server, token, patientId, { filename: 'physio notes é.txt', content });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const document = (await listOf(patel, patientId)).documents.find(
      (entry) => entry.filename === 'physio notes é.txt',
    )!;
    storageKey = document.s3_key;
    const link = await patel.get(`/api/documents/download/${patientId}/${storageKey}`);
    assert.equal(link.statusCode, 200, link.body);
    linkPath = new URL(link.json().download_url).pathname;
  });
  after(() => server.close());

  it('keeps the uploaded file in the bucket and nothing in the data directory', async () => {
    assert.ok(await objectExists(storageKey));
    assert.deepEqual(await readdir(path.join(server.dataDir, 'files', 'staging')), []);
    await assert.rejects(readdir(path.join(server.dataDir, 'files', 'store')), { code: 'ENOENT' });
  });

  it('answers a valid link with a redirect to a presigned GET that gives the same bytes, named', async () => {
    const answer = await server.app.inject({ method: 'GET', url: linkPath });
    assert.equal(answer.statusCode, 302, answer.body);
    const location = new URL(answer.headers.location as string);
    assert.equal(location.origin, s3.endpoint);
    assert.equal(location.pathname, `/${s3.bucket}/${storageKey}`);
    assert.equal(location.searchParams.get('X-Amz-Expires'), '60');
    assert.ok(location.searchParams.get('X-Amz-Signature'));

    const download = await fetch(location);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), content);
    assert.equal(download.headers.get('content-type'), 'text/plain');
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="physio notes e.txt"; filename*=UTF-8''physio%20notes%20%C3%A9.txt`,
    );

    const { rows } = await server.app.ctx.db.query<{ details: { filename: string; outcome: string } }>(
      `SELECT details FROM audit_log WHERE action = 'document.download' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.details.outcome, 'succeeded');
    assert.equal(rows[0]?.details.filename, 'physio notes é.txt');
  });

  it('refuses a tampered link (403) and an expired one (410) without a redirect', async () => {
    const [payload, signature] = linkPath.slice('/api/files/'.length).split('.');
    const forged = Buffer.from(payload!, 'base64url');
    forged.writeUInt32BE(forged.readUInt32BE(32) + 1, 32);
    const tampered = await server.app.inject({
      method: 'GET',
      url: `/api/files/${forged.toString('base64url')}.${signature}`,
    });
    assert.equal(tampered.statusCode, 403);
    assert.equal(tampered.headers.location, undefined);

    server.clock.advance(5 * 60 * 1000 + 1000);
    const expired = await server.app.inject({ method: 'GET', url: linkPath });
    assert.equal(expired.statusCode, 410);
    assert.equal(expired.headers.location, undefined);
  });

  it('answers 404 rather than a redirect to nothing when the object is gone', async () => {
    const fresh = (await patel.get(`/api/documents/download/${patientId}/${storageKey}`)).json();
    await inspector.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: storageKey }));
    const answer = await server.app.inject({ method: 'GET', url: new URL(fresh.download_url).pathname });
    assert.equal(answer.statusCode, 404);
    assert.equal(answer.json().message, 'This file is no longer stored. It may have been deleted.');
  });

  it('removes the object when the document is deleted', async () => {
    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'second.txt',
      content: Buffer.from('A second letter, to delete.\n'),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const document = (await listOf(patel, patientId)).documents.find(
      (entry) => entry.filename === 'second.txt',
    )!;
    assert.ok(await objectExists(document.s3_key));
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/documents/delete/${patientId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { s3_key: document.s3_key },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await objectExists(document.s3_key), false);
  });
});
