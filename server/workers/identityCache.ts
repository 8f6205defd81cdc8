import { createHmac } from 'node:crypto';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { IdentityVerifier, PersonToVerify, VerificationResult } from './identity';

/**
 * A paid identity check is asked once: the verdict is kept in `identity_checks` under an HMAC (ID_KEY) of the
 * provider and the exact factors, so neither the ID number nor the card nor the mobile is stored. A transient
 * failure (the provider down) is not a verdict and is asked again next time.
 */
export function identityFactorsKey(idKey: string, provider: string, person: PersonToVerify): string {
  const factors = [
    person.name.trim(),
    person.idCard.trim().toUpperCase(),
    person.mobile.trim(),
    person.bankCard.trim(),
  ];
  return createHmac('sha256', idKey)
    .update(`identity:${provider}:${JSON.stringify(factors)}`)
    .digest('hex');
}

const FIELDS = new Set(['name', 'idCard', 'mobile', 'bankCard']);

export function cachedVerifier(db: Db, idKey: string, inner: IdentityVerifier): IdentityVerifier {
  return {
    name: inner.name,
    async verify(person) {
      const key = identityFactorsKey(idKey, inner.name, person);
      const known = await db
        .selectFrom('identity_checks')
        .select(['passed', 'field', 'message'])
        .where('factors_key', '=', key)
        .executeTakeFirst();
      if (known) {
        if (known.passed === 1) return { passed: true };
        const field = FIELDS.has(known.field ?? '') ? (known.field as 'name') : 'idCard';
        return { passed: false, field, message: known.message ?? '实名核验未通过' };
      }
      const verdict: VerificationResult = await inner.verify(person);
      if (verdict.passed || !verdict.transient) {
        await db
          .insertInto('identity_checks')
          .values({
            factors_key: key,
            provider: inner.name,
            passed: verdict.passed ? 1 : 0,
            field: verdict.passed ? null : verdict.field,
            message: verdict.passed ? null : [...verdict.message].slice(0, 255).join(''),
            create_time: chinaTime(),
          })
          .onConflict((conflict) => conflict.column('factors_key').doNothing())
          .execute();
      }
      return verdict;
    },
  };
}
