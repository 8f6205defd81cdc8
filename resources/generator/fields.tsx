import type { CSSProperties, ReactNode } from 'react';
import { FunctionField, type RaRecord, useRecordContext } from 'react-admin';
import { DownloadLink } from '../../src/components/DownloadLink';
import { FilePreviewLink, previewKind } from '../../src/components/FilePreviewLink';
import { cellAlign, cellText } from '../cellText';
import { cellBoxStyle, cellMayClip } from '../columnGeometry';
import type { FieldDeclaration } from '../types';

/** The read-only display of one declared field (show views); its text comes from cellText. */
export function fieldElement(field: FieldDeclaration) {
  return <FunctionField key={field.source} {...columnProps(field)} />;
}

interface RecordCellProps {
  render: (record: RaRecord) => ReactNode;
  /** Read by the datagrid (header, sorting, column chooser), not here. */
  source: string;
  label?: string;
  sortable?: boolean;
  textAlign?: 'right';
}

/**
 * A list column's cell: what `render` makes of the row's record, straight in the table cell. react-admin's
 * FunctionField wraps it in a Typography whose font the cell already has: one more styled element, with its
 * style work, per cell of every list.
 */
export function RecordCell({ render }: RecordCellProps) {
  const record = useRecordContext();
  return record ? render(record) : null;
}

/** The list column of one declared field. */
export function listColumn(field: FieldDeclaration) {
  return <RecordCell key={field.source} {...columnProps(field)} />;
}

/** What the datagrid and the show layout read of a declared field's element, and how it renders. */
function columnProps(field: FieldDeclaration) {
  return {
    source: field.source,
    label: field.label,
    sortable: field.sortable ?? false,
    textAlign: cellAlign(field) === 'right' ? ('right' as const) : undefined,
    render: fieldRenderer(field),
  };
}

const NAME_CUT = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** How a declared field shows a record's value: cellText's text, files and images as links with 预览. */
function fieldRenderer(field: FieldDeclaration): (record: RaRecord) => ReactNode {
  const box = cellBoxStyle(field) as CSSProperties;
  return (record: Record<string, unknown>) => {
    const text = cellText(field, record);
    const url = record[field.source];
    const title = cellMayClip(field) && text ? text : undefined;
    if ((field.type === 'image' || field.type === 'file') && typeof url === 'string' && url) {
      const kind = previewKind(url, field.type === 'image');
      if (kind && field.nameSource) {
        // A named file (an invoice, a certificate) downloads on its name, as people expect; 预览 beside
        // it, never cut off by a long name, opens it in the dialog.
        return (
          <span style={{ ...box, display: 'flex', gap: '8px' }} title={title}>
            {/* The name's button is cut itself: clipped by a box around it, it ran on under 预览, and the two
                targets overlapped (WCAG 2.5.8). */}
            <DownloadLink url={url} sx={NAME_CUT}>
              {text}
            </DownloadLink>
            <span style={{ flexShrink: 0 }}>
              <FilePreviewLink url={url} title={text} kind={kind}>
                预览
              </FilePreviewLink>
            </span>
          </span>
        );
      }
      return (
        <span style={box} title={title}>
          {kind ? (
            <FilePreviewLink url={url} title={field.label} kind={kind}>
              {text}
            </FilePreviewLink>
          ) : (
            <DownloadLink url={url}>{text}</DownloadLink>
          )}
        </span>
      );
    }
    return (
      <span style={box} title={title}>
        {text}
      </span>
    );
  };
}
