import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Layout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { mustPickCompany, productTitle } from '../domain/editions';
import { findRoute } from '../domain/routes';
import { CompanySwitchView } from '../workspace/CompanySwitchView';
import { UnpaidInvoiceReminder } from '../workspace/UnpaidInvoiceReminder';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { useRecordPageVisits } from './pageVisits';
import { useSession } from './useSession';

/** Page title = the page's name, then the product name (with （小规模） when the mark is not 1). */
function useDocumentTitle() {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    const page = findRoute(location.pathname)?.title;
    const product = productTitle(session?.platformMark);
    document.title = page ? `${page} - ${product}` : product;
  }, [location.pathname, session?.platformMark]);
}

/** Spec §2: when the session's switch-company flag is off, the company-switch view replaces the main area. */
function MainArea({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session && mustPickCompany(session)) {
    return <CompanySwitchView currentCompanyId={session.user.properties.cid} />;
  }
  return (
    <>
      <UnpaidInvoiceReminder />
      {children}
    </>
  );
}

// The content may shrink below its widest table: a wide list scrolls inside its card, not the page.
const LAYOUT_SX = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } as const;

export function AppLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  useRecordPageVisits(useSession()?.user.id);
  return (
    <Layout appBar={AppHeader} appBarAlwaysOn menu={AppMenu} sidebar={AppSidebar} sx={LAYOUT_SX}>
      <MainArea>{children}</MainArea>
    </Layout>
  );
}
