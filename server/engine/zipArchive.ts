import { ZipArchive } from 'archiver';
import { zipEntryDate } from './excelDates';

/**
 * Every zip the server writes (大熊信息下载, agreement and contract bundles) is made here, so its entry times read as
 * China time on any server. A zip entry time is a DOS wall-clock without a zone, written from a Date's UTC fields
 * (forceLocalTime off): an entry gets the China time of its record when the caller passes one
 * (`date: zipEntryDateOf(row.sign_time)`), else the China time now — never archiver's own default, the server's
 * UTC now, which put a 07:54 signing at 23:54 the day before.
 */
export function createZip(): ZipArchive {
  const zip = new ZipArchive({ zlib: { level: 6 }, forceLocalTime: false });
  const append = zip.append.bind(zip);
  zip.append = (source, data) => {
    if (!data?.name) throw new Error('createZip: every entry needs a name');
    return append(source, { ...data, date: data.date ?? zipEntryDate() });
  };
  return zip;
}
