import type { Choice } from './enums';

/** 帮助中心: articles are written as drafts and published for merchants; 撤回 takes one back to draft. */
export const HELP_ARTICLE = { draft: 0, published: 1 } as const;

export const HELP_ARTICLE_STATUS: readonly Choice[] = [
  { id: HELP_ARTICLE.draft, name: '草稿' },
  { id: HELP_ARTICLE.published, name: '已发布' },
];

/** Lengths in characters (code points). */
export const HELP_LIMITS = { title: 60, body: 20_000, categoryName: 20 } as const;

/** The admin page's code (the spec names no admin route for help; chosen in the style of UI_VERSION_UPDATE_JCY). */
export const HELP_ADMIN_CODES = ['UI_HELP_CENTER_JCY'] as const;
