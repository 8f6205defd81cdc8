/**
 * Lists whose rows carry a web-only action beside the declaration's own (resources/custom/RowActionExtras.tsx):
 * plain data, so the first paint (src/boot) keeps their action column too.
 */
// Empty for now: 绑定CRM on /adMerchant and /adSmallMerchant drew a text button the first paint cannot draw (its
// rows and layout differed from the app's); it returns once the first paint draws row actions.
export const ROW_ACTION_EXTRA_RESOURCES: readonly string[] = [];
