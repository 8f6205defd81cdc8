import { FunctionField } from 'react-admin';
import { DownloadLink } from '../../src/components/DownloadLink';
import { cellAlign, cellText } from '../cellText';
import type { FieldDeclaration } from '../types';

/** The list column / read-only display of one declared field; its text comes from cellText. */
export function fieldElement(field: FieldDeclaration) {
  const align = cellAlign(field);
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
        if ((field.type === 'image' || field.type === 'file') && typeof url === 'string' && url) {
          return <DownloadLink url={url}>{text}</DownloadLink>;
        }
        return text;
      }}
    />
  );
}
