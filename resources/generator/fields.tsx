import { FunctionField, NumberField, SelectField, TextField } from 'react-admin';
import { DownloadLink } from '../../src/components/DownloadLink';
import { formatMoney } from '../../src/domain/money';
import type { FieldDeclaration } from '../types';

/** The list column / read-only display of one declared field. */
export function fieldElement(field: FieldDeclaration) {
  const common = { source: field.source, label: field.label, sortable: field.sortable ?? false, key: field.source };
  switch (field.type) {
    case 'enum':
      return <SelectField {...common} choices={field.choices as never} />;
    case 'number':
      return <NumberField {...common} options={{ useGrouping: false }} />;
    case 'money':
      return (
        <FunctionField
          {...common}
          textAlign="right"
          render={(record: Record<string, unknown>) => formatMoney(record[field.source] as number)}
        />
      );
    case 'image':
    case 'file':
      return (
        <FunctionField
          {...common}
          render={(record: Record<string, unknown>) => {
            const url = record[field.source];
            if (typeof url !== 'string' || !url) return '';
            const name = field.nameSource ? record[field.nameSource] : undefined;
            return (
              <DownloadLink url={url}>
                {typeof name === 'string' && name ? name : field.type === 'image' ? '查看图片' : '下载'}
              </DownloadLink>
            );
          }}
        />
      );
    default:
      return <TextField {...common} />;
  }
}
