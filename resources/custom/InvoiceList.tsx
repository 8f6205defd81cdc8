import Box from '@mui/material/Box';
import { IssueInvoiceButton } from '../../src/pages/invoices/IssueInvoiceButton';
import { GeneratedList } from '../generator/GeneratedList';
import { RowActions } from '../generator/RowActions';
import type { ResourceDeclaration } from '../types';

/**
 * Invoice applications (/invoiceRecord, /adInvoice, /smallScaleAdInvoice, /adSmallInvoice): the generated list,
 * where a row opens the application's show view, and the declaration's 开票 action ('issue') also takes the
 * invoice file.
 */
export function InvoiceList({ declaration }: { declaration: ResourceDeclaration }) {
  const actions = declaration.actions ?? [];
  const issue = actions.find((action) => action.name === 'issue');
  const others: ResourceDeclaration = { ...declaration, actions: actions.filter((action) => action !== issue) };
  return (
    <GeneratedList
      declaration={declaration}
      rowClick="show"
      renderActions={() => (
        <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
          {issue && <IssueInvoiceButton action={issue} />}
          <RowActions declaration={others} />
        </Box>
      )}
    />
  );
}
