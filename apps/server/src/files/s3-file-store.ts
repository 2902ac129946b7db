import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import {
  FileStoreError,
  isStoredName,
  newStoredName,
  storedType,
  type FileStore,
  type StoredFile,
} from './files.ts';

/**
 * Files in an S3-compatible bucket, a folder being a key prefix (`avatars/<name>`): every app
 * instance configured with the same bucket sees the same files (decision 047). The same behaviour
 * as the directory store, checked by the same tests against a real S3 server on loopback.
 */
export class S3FileStore implements FileStore {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.location = `s3 ${config.endpoint} bucket ${config.bucket}`;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default adds CRC32 checksums (a trailer on uploads, a check on downloads) that
      // S3-compatible servers other than AWS often do not know; S3 still gets a signed payload hash.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer at all fails a request within seconds rather than holding it.
      requestHandler: { connectionTimeout: 5_000 },
    });
    if (config.forcePathStyle) {
      // A bucket's own requests (list, the start's check) go to `/bucket`, as SDK v2 and most
      // clients send them; v3 sends `/bucket/`, which S3 takes too, but stores that sign the path
      // the v2 way (s3rver among them) refuse its signature.
      const bucketPath = `/${config.bucket}/`;
      this.client.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { path?: string };
          if (request.path === bucketPath) request.path = bucketPath.slice(0, -1);
          return next(args);
        },
        { step: 'build', name: 'bucketPathWithoutSlash' },
      );
    }
  }

  async save(folder: string, content: Buffer, ext: string): Promise<string> {
    const name = newStoredName(ext);
    await this.send('save', () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key(folder, name),
          Body: content,
          ContentLength: content.length,
          ContentType: storedType(name),
        }),
      ),
    );
    return name;
  }

  async read(folder: string, name: string): Promise<{ content: Buffer; type: string } | null> {
    const body = await this.get(folder, name);
    if (!body) return null;
    const bytes = await body.transformToByteArray();
    // The same memory as a Buffer, not a copy.
    return { content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type: storedType(name) };
  }

  async open(folder: string, name: string): Promise<Readable | null> {
    const body = await this.get(folder, name);
    if (!body) return null;
    // In Node the SDK's body is the HTTP response itself, read as it arrives.
    if (!(body instanceof Readable)) throw new FileStoreError(`${this.location}: a body that is no stream`);
    return body;
  }

  async list(folder: string): Promise<StoredFile[]> {
    const prefix = `${folder}/`;
    const listed: StoredFile[] = [];
    await this.send('list', async () => {
      const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? '';
          // A key deeper down (`avatars/x/…`) or not one of ours is no stored file of this folder.
          if (isStoredName(name) && object.LastModified) {
            listed.push({ name, modifiedAt: object.LastModified });
          }
        }
      }
    });
    return listed;
  }

  async remove(folder: string, name: string): Promise<void> {
    if (!isStoredName(name)) return;
    // S3 answers a delete of a missing key with success; some compatible stores with NoSuchKey.
    await this.send('remove', () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key(folder, name) })),
    ).catch((error: unknown) => {
      if (!(error instanceof S3StoreError && error.missing)) throw error;
    });
  }

  async check(): Promise<void> {
    // A list of one key rather than HeadBucket: a HEAD answer has no body, so a refusal would say
    // only "403", where a list's says SignatureDoesNotMatch, InvalidAccessKeyId or NoSuchBucket.
    // The store needs the right to list anyway (the sweep of unused files).
    await this.send('check', () =>
      this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 })),
    );
  }

  close(): void {
    this.client.destroy();
  }

  /** The body of a stored object, or null for a name that is not one or a key not there. */
  private async get(folder: string, name: string) {
    if (!isStoredName(name)) return null;
    try {
      const answer = await this.send('read', () =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key(folder, name) })),
      );
      return answer.Body ?? null;
    } catch (error) {
      if (error instanceof S3StoreError && error.missing) return null;
      throw error;
    }
  }

  /** Runs a request; the store's refusal becomes a FileStoreError naming the store and its answer. */
  private async send<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw storeError(this.location, what, error);
    }
  }
}

const key = (folder: string, name: string) => `${folder}/${name}`;

/** An S3 failure with what it was, for logs; `missing` when the key (not the bucket) is not there. */
class S3StoreError extends FileStoreError {
  constructor(
    message: string,
    readonly missing: boolean,
    options: ErrorOptions,
  ) {
    super(message, options);
  }
}

function storeError(location: string, what: string, error: unknown): FileStoreError {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const missing = error.name === 'NoSuchKey' || (status === 404 && error.name !== 'NoSuchBucket');
    return new S3StoreError(`${location}: ${what} refused: ${error.name} (${status ?? '?'})`, missing, {
      cause: error,
    });
  }
  return new S3StoreError(`${location}: ${what} failed: ${String(error)}`, false, { cause: error });
}
