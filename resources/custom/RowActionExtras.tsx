import { type ComponentType, lazy, Suspense } from 'react';

/** The web-only row actions of the lists named in resources/rowActionExtras.ts, loaded with their first row. */
const EXTRAS: Readonly<Record<string, ComponentType<{ resource: string }>>> = {
  adMerchant: lazy(() =>
    import('../../src/pages/companies/CrmBindAction').then((module) => ({ default: module.CrmBindAction })),
  ),
  adSmallMerchant: lazy(() =>
    import('../../src/pages/companies/CrmBindAction').then((module) => ({ default: module.CrmBindAction })),
  ),
};

export function RowActionExtras({ resource }: { resource: string }) {
  const Extra = EXTRAS[resource];
  if (!Extra) return null;
  return (
    <Suspense fallback={null}>
      <Extra resource={resource} />
    </Suspense>
  );
}
