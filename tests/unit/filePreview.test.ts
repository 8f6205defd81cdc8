import { describe, expect, it } from 'vitest';
import { previewKind } from '../../src/components/FilePreviewLink';
import { ZOOMS, zoomStep } from '../../src/components/ZoomBar';

describe('previewKind: what the preview dialog can show, by the stored name (rn=)', () => {
  it.each([
    ['/api-v1/dl?file=a1&rn=%E5%8F%91%E7%A5%A8.PDF', 'pdf'],
    ['/api-v1/dl?file=a1&rn=scan.jpeg', 'image'],
    ['/api-v1/dl?file=a1&rn=%E5%90%88%E5%90%8C.docx', null],
    ['/api-v1/dl?file=a1&rn=report.pdf.zip', null],
    ['/api-v1/dl?file=a1', null],
  ])('%s → %s', (url, kind) => {
    expect(previewKind(url, false)).toBe(kind);
  });

  it('an image field is an image whatever its name', () => {
    expect(previewKind('/api-v1/dl?file=a1&rn=voucher', true)).toBe('image');
  });
});

describe('zoomStep', () => {
  it('walks the steps one by one from a step', () => {
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1.25, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(0.75);
  });

  it('from a fitted scale between steps, moves visibly (at least 10 %)', () => {
    expect(zoomStep(1.45, 1)).toBe(2);
    expect(zoomStep(1.45, -1)).toBe(1.25);
    expect(zoomStep(0.8, -1)).toBe(0.5);
  });

  it('stays within the first and last step', () => {
    expect(zoomStep(ZOOMS[ZOOMS.length - 1], 1)).toBe(ZOOMS[ZOOMS.length - 1]);
    expect(zoomStep(ZOOMS[0], -1)).toBe(ZOOMS[0]);
  });
});
