import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

/** FILE_STORAGE=s3 refuses to start half-configured and names what is missing (server/config.ts). */
const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lg-storage-config-')),
  JWT_SECRET: 'j'.repeat(40),
  ID_KEY: 'k'.repeat(40),
});

const S3 = {
  FILE_STORAGE: 's3',
  S3_REGION: 'cn-hangzhou',
  S3_BUCKET: 'lg-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};

describe('FILE_STORAGE', () => {
  it('is the local disk by default', () => {
    expect(loadConfig(base()).fileStorage).toEqual({ kind: 'local' });
  });

  it('s3 with every setting: the endpoint is optional (AWS), path style off unless asked', () => {
    expect(loadConfig({ ...base(), ...S3 }).fileStorage).toEqual({
      kind: 's3',
      endpoint: null,
      region: 'cn-hangzhou',
      bucket: 'lg-files',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...base(), ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' }).fileStorage,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('s3 half-configured refuses to start, naming every missing setting', () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...half } = S3;
    expect(() => loadConfig({ ...base(), ...half })).toThrow(
      'FILE_STORAGE=s3 还缺少这些设置：S3_BUCKET、S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...base(), FILE_STORAGE: 's3', S3_REGION: ' ' })).toThrow(
      'S3_REGION、S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY',
    );
  });

  it('refuses an unknown storage, an endpoint that is not a URL and a path style that is not 0/1', () => {
    expect(() => loadConfig({ ...base(), FILE_STORAGE: 'oss' })).toThrow('FILE_STORAGE 只能是 local、s3 之一');
    expect(() => loadConfig({ ...base(), ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT 必须是');
    expect(() => loadConfig({ ...base(), ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE 只能是');
  });
});
