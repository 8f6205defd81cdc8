import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';

/** react-admin's built-in English `ra.*` messages, unchanged. */
export const raEn: TranslationMessages = englishMessages;
