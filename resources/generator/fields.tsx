import type { CSSProperties } from 'react';
import { FunctionField } from 'react-admin';
import { DownloadLink } from '../../src/components/DownloadLink';
import { canPreview, FilePreviewLink } from '../../src/components/FilePreviewLink';
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
          const preview = canPreview(url, field.type === 'image');
          return (
            <span style={box} title={title}>
              {preview ? (
                <FilePreviewLink url={url} title={field.label}>
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
