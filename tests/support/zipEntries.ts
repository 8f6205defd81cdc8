import yauzl from 'yauzl';

export interface ZipEntry {
  bytes: Buffer;
  /** The entry's DOS date and time fields as stored: zone-less, what every zip reader shows. */
  dosDate: number;
  dosTime: number;
}

/** Every entry of a zip in memory, by name, read with yauzl (an independent reader of what the server wrote). */
export async function zipEntries(buffer: Buffer): Promise<Map<string, ZipEntry>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, ZipEntry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, {
            bytes: Buffer.concat(chunks),
            dosDate: entry.lastModFileDate,
            dosTime: entry.lastModFileTime,
          });
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
