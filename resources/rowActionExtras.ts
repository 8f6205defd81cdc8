/**
 * Lists whose rows carry a web-only action beside the declaration's own (resources/custom/RowActionExtras.tsx):
 * plain data, so the first paint (src/boot) keeps their action column too.
 */
export const ROW_ACTION_EXTRA_RESOURCES: readonly string[] = ['adMerchant', 'adSmallMerchant'];
