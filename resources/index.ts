import { companies } from './companies';
import type { ResourceDeclaration } from './types';

/** Every declared resource. Adding an entity adds one line here. */
export const RESOURCES: readonly ResourceDeclaration[] = [companies];
