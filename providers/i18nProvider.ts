import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raEn } from '../i18n/en';
import { raZh } from '../i18n/zh';

/** Chinese by default and complete; English is available for react-admin's own strings. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? raEn : raZh),
  'zh',
  [
    { locale: 'zh', name: '简体中文' },
    { locale: 'en', name: 'English' },
  ],
  { allowMissing: true },
);
