import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './fileStorage';

export interface S3Settings {
  /** null: AWS's own endpoint for the region; else MinIO, Aliyun OSS, Tencent COS, ... */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, a loopback store). */
  forcePathStyle: boolean;
}

/** Every host's files in one bucket, under `uploads/<stored name>`. */
const objectKey = (name: string) => `uploads/${name}`;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Stored files in an S3-compatible bucket (FILE_STORAGE=s3), through the official SDK: put → PutObject (names
 * are 128 random bits, never reused), open → GetObject, size → HeadObject, remove → DeleteObject.
 * Checksums are sent only where S3 requires them, so S3-compatible stores that do not know the newer checksum
 * headers accept the uploads too.
 */
export function s3FileStorage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(name, content, size) {
      if (!(content instanceof Uint8Array) && size === undefined) throw new Error('上传到对象存储需要文件大小');
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(name),
          Body: content,
          ContentLength: content instanceof Uint8Array ? content.length : size,
        }),
      );
    },
    async open(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(name) }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async size(name) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(name) }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(name) }));
    },
  };
}
