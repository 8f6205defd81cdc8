import type { CSSProperties } from 'react';
import { FunctionField } from 'react-admin';
import { DownloadLink } from '../../src/components/DownloadLink';
import { FilePreviewLink, previewKind } from '../../src/components/FilePreviewLink';
import { cellAlign, cellText } from '../cellText';
import { cellBoxStyle, cellMayClip } from '../columnGeometry';
import type { FieldDeclaration } from '../types';

/** The list column / read-only display of one declared field; its text comes from cellText. */
export function fieldElement(field: FieldDeclaration) {
  const align = cellAlign(field);
  const box = cellBoxStyle(field) as CSSProperties;
  return (
    <FunctionField
      key={field.source}
      source={field.source}
      label={field.label}
      sortable={field.sortable ?? false}
      textAlign={align === 'right' ? 'right' : undefined}
      render={(record: Record<string, unknown>) => {
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
                <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <DownloadLink url={url}>{text}</DownloadLink>
                </span>
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
      }}
    />
  );
}
