import bcrypt from 'bcryptjs';
import { BCRYPT_ROUNDS } from './passwords';

/** Compared against when no account matches, so a wrong name costs as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = bcrypt.hashSync('0'.repeat(64), BCRYPT_ROUNDS);
